import { type DragEvent, useCallback, useEffect, useRef, useState } from "react";
import { useParams } from "wouter";
import { AgentAvatar } from "../../../components/ui/avatar";
import { loadMarkdown } from "../../../components/ui/markdown-content";
import { Spinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { copyText } from "../../../lib/clipboard";
import { Logo } from "../../auth/components/auth-layout";
import { ChatHeader } from "../components/chat-header";
import { Composer, type ComposerHandle } from "../components/composer";
import { DropOverlay } from "../components/drop-overlay";
import { FeedbackDialog } from "../components/feedback-dialog";
import { AssistantMessage, PendingReply, UserMessage } from "../components/message-item";
import { useAttachments } from "../hooks/use-attachments";
import { type ChatMessage, type Feedback, useChatSession } from "../hooks/use-chat-session";
import { useFeedback } from "../hooks/use-feedback";
import { type PublicAgent, usePublicAgent } from "../hooks/use-public-agent";
import { useRecorder } from "../hooks/use-recorder";

/** /chat/{id}: public, no shell, no login (SPEC §2 "Public agent chat"). */
export default function PublicChatPage() {
  const params = useParams<{ id?: string; "*"?: string }>();
  const id = params.id ?? "";
  const agent = usePublicAgent(id);

  if (id && agent.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-base-200 text-base-content/70">
        <Spinner size="lg" label="Carregando agente..." />
      </div>
    );
  }
  if (!id || agent.isError || !agent.data) return <AgentNotFound />;
  if (agent.data.unavailableReason) return <AgentUnavailable name={agent.data.name} reason={agent.data.unavailableReason} />;
  return <ChatScreen agent={agent.data} />;
}

/** Blocked by the platform or its owner suspended (issue 17): the visitor reads why instead of a chat that never answers. */
function AgentUnavailable({ name, reason }: { name: string; reason: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-base-200 p-6 text-center">
      <Logo />
      <div role="alert" className="max-w-md rounded-box border border-base-300 bg-base-100 p-8 shadow-sm">
        <h1 className="font-semibold text-xl">{name} está indisponível</h1>
        <p className="mt-2 text-base-content/70">{reason}</p>
      </div>
    </div>
  );
}

function AgentNotFound() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-base-200 p-6 text-center">
      <Logo />
      <div className="max-w-md rounded-box border border-base-300 bg-base-100 p-8 shadow-sm">
        <h1 className="font-semibold text-xl">Agente não encontrado</h1>
        <p className="mt-2 text-base-content/70">O agente que você está tentando acessar não existe ou foi removido.</p>
      </div>
    </div>
  );
}

function ChatScreen({ agent }: { agent: PublicAgent }) {
  const name = agent.name?.trim() || "Agente de IA";
  const activity = agent.activity?.trim() || "Assistente virtual";
  const toast = useToast();
  const chat = useChatSession(agent.id);
  const attachments = useAttachments();
  const [text, setText] = useState("");
  const [dragging, setDragging] = useState(0);
  const composer = useRef<ComposerHandle>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const feedback = useFeedback(agent.id, chat.messages, chat.rate);

  useEffect(() => {
    document.title = `${name} · Atenda`;
  }, [name]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow every new message and streamed word
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [chat.messages.length, chat.streaming?.text, chat.sending]);

  // The visitor's message leaves the box at once (§4); the box gets focus back once the reply is in.
  const sendNow = useCallback(
    async (audio: string | null) => {
      const out = { text, image: attachments.image, audio };
      if (chat.sending || (!out.text.trim() && !out.image && !out.audio)) return;
      void loadMarkdown().catch(() => {}); // the answer is markdown: fetch its renderer while the model thinks
      setText("");
      attachments.clear();
      await chat.send(out);
      composer.current?.focus();
    },
    [chat, text, attachments],
  );

  const recorder = useRecorder({
    onRecorded: (audio) => void sendNow(audio),
    onError: () => toast({ variant: "destructive", title: "Erro ao acessar microfone. Verifique as permissões." }),
  });

  const reset = () => {
    if (recorder.recording) recorder.stop();
    chat.clear();
    attachments.clear();
    setText("");
  };

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes("Files");

  return (
    <div
      className="flex h-dvh flex-col bg-base-200"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDragging((n) => n + 1);
      }}
      onDragOver={(e) => {
        if (hasFiles(e)) e.preventDefault();
      }}
      onDragLeave={(e) => {
        if (hasFiles(e)) setDragging((n) => Math.max(0, n - 1));
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDragging(0);
        const f = e.dataTransfer.files[0];
        if (f) void attachments.pick(f);
      }}
    >
      <ChatHeader name={name} activity={activity} avatarUrl={agent.avatarUrl} onClear={reset} onDelete={reset} hasMessages={chat.messages.length > 0} />

      {/* New messages are read aloud; aria-busy holds a streaming answer back until it is whole. */}
      <main className="flex-1 overflow-y-auto" aria-live="polite" aria-busy={chat.sending}>
        <div className="mx-auto flex min-h-full max-w-3xl flex-col gap-5 px-4 py-6">
          {chat.messages.length === 0 && !chat.sending ? (
            <div className="m-auto flex flex-col items-center gap-3 py-10 text-center">
              <AgentAvatar name={name} url={agent.avatarUrl} size="xl" />
              <h2 className="font-semibold text-2xl">Olá! Sou {name}</h2>
              <p className="text-base-content/70">Como posso ajudá-lo hoje?</p>
            </div>
          ) : (
            chat.messages.map((m: ChatMessage) =>
              m.role === "user" ? (
                <UserMessage key={m.id} m={m} />
              ) : (
                <AssistantMessage
                  key={m.id}
                  m={m}
                  agentName={name}
                  avatarUrl={agent.avatarUrl}
                  onRate={(kind: Feedback) => feedback.open(m.id, kind)}
                  onCopy={async () => {
                    const ok = await copyText(m.content);
                    toast(ok ? { title: "Copiado!" } : { variant: "destructive", title: "Não foi possível copiar" });
                  }}
                />
              ),
            )
          )}
          {chat.sending && <PendingReply text={chat.streaming?.text ?? null} agentName={name} avatarUrl={agent.avatarUrl} />}
          <div ref={bottom} />
        </div>
      </main>

      <footer className="border-base-300 border-t bg-base-200 pt-3 pb-2">
        <Composer
          ref={composer}
          text={text}
          onText={setText}
          image={attachments.image}
          onRemoveImage={attachments.clear}
          onPickImage={(f) => void attachments.pick(f)}
          attachError={attachments.error}
          sending={chat.sending}
          recording={recorder.recording}
          onRecord={() => (recorder.recording ? recorder.stop() : void recorder.start())}
          onSend={() => void sendNow(null)}
        />
        <p className="mx-auto mt-2 max-w-3xl px-4 text-center text-base-content/50 text-xs">
          Este agente está em fase de treinamento e pode cometer erros. Confira informações importantes.
        </p>
      </footer>

      {dragging > 0 && <DropOverlay />}
      <FeedbackDialog key={feedback.target?.id ?? "none"} kind={feedback.target?.kind ?? null} sending={feedback.sending} onSkip={feedback.skip} onSend={feedback.send} />
    </div>
  );
}
