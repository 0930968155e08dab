import { useState } from "react";
import { useToast } from "../../../components/ui/toast";
import { api } from "../../../lib/http";
import { type ChatMessage, chatSessionId, type Feedback, userMessageBefore } from "./use-chat-session";

/**
 * Like/dislike → dialog → POST /api/v1/agents/{agentId}/feedback (§7). The answer is marked when
 * the dialog closes, whether the visitor sent an observation or skipped (§4).
 */
export function useFeedback(agentId: string, messages: ChatMessage[], rate: (id: string, kind: Feedback) => void) {
  const toast = useToast();
  const [target, setTarget] = useState<{ id: string; kind: Feedback } | null>(null);
  const [sending, setSending] = useState(false);

  const finish = () => {
    if (target) rate(target.id, target.kind);
    setTarget(null);
  };

  async function send(observation: string) {
    if (!target) return;
    const answer = messages.find((m) => m.id === target.id);
    setSending(true);
    try {
      await api.post(`/api/v1/agents/${encodeURIComponent(agentId)}/feedback`, {
        feedbackType: target.kind === "liked" ? "like" : "dislike",
        userMessage: userMessageBefore(messages, target.id),
        agentResponse: answer?.content ?? "",
        observation,
        sessionId: chatSessionId(agentId),
      });
      toast({
        title: "Feedback enviado!",
        description:
          target.kind === "liked"
            ? "Obrigado pelo feedback positivo! Isso nos ajuda a melhorar."
            : "Obrigado pelo feedback. Vamos usar isso para melhorar as respostas.",
      });
    } catch {
      toast({ variant: "destructive", title: "Erro ao enviar feedback", description: "Não foi possível enviar o feedback. Tente novamente." });
    } finally {
      setSending(false);
      finish();
    }
  }

  return { target, sending, open: (id: string, kind: Feedback) => setTarget({ id, kind }), skip: finish, send };
}
