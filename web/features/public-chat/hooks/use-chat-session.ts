import { useCallback, useEffect, useRef, useState } from "react";
import { local } from "../../../lib/storage";
import { ChatRefusal, EMPTY_REPLY, SEND_FAILURE, streamChat } from "../stream";

export type Feedback = "liked" | "disliked";

/** SPEC §3 "Chat message (local only)": the conversation lives in the page. */
export type ChatMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  timestamp: number;
  image?: string;
  audio?: string;
  failed?: boolean;
  feedback?: Feedback;
};

export type Outgoing = { text: string; image: string | null; audio: string | null };

const HISTORY_LIMIT = 50;
const sessionKey = (agentId: string) => `atenda:chat-session:${agentId}`;

/** One visitor id per agent, kept in localStorage so the owner sees one conversation per visitor. */
export function chatSessionId(agentId: string): string {
  const existing = local.get(sessionKey(agentId));
  if (existing) return existing;
  const id = `web-${crypto.randomUUID()}`;
  local.set(sessionKey(agentId), id);
  return id;
}

const newId = () => crypto.randomUUID();

/** Messages, the streaming reply and the send rule of §5: text, image or audio, one send at a time. */
export function useChatSession(agentId: string) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [streaming, setStreaming] = useState<{ id: string; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef(messages);
  latest.current = messages;

  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    async ({ text, image, audio }: Outgoing): Promise<boolean> => {
      const message = text.trim();
      if (sending || (!message && !image && !audio)) return false;
      const history = latest.current
        .filter((m) => !m.failed)
        .slice(-HISTORY_LIMIT)
        .map(({ role, content }) => ({ role, content }));
      const user: ChatMessage = { id: newId(), role: "user", content: message, timestamp: Date.now(), ...(image ? { image } : {}), ...(audio ? { audio } : {}) };
      setMessages((m) => [...m, user]);
      setSending(true);
      const controller = new AbortController();
      abort.current = controller;
      const replyId = newId();
      let reply: ChatMessage;
      try {
        const full = await streamChat(
          agentId,
          { message, chatHistory: history, imageData: image, audioData: audio, sessionId: chatSessionId(agentId) },
          (soFar) => setStreaming({ id: replyId, text: soFar }),
          controller.signal,
        );
        reply = { id: replyId, role: "assistant", content: full.trim() ? full : EMPTY_REPLY, timestamp: Date.now() };
      } catch (e) {
        if (controller.signal.aborted) return false;
        reply = { id: replyId, role: "assistant", content: e instanceof ChatRefusal ? e.message : SEND_FAILURE, timestamp: Date.now(), failed: true };
      }
      setStreaming(null);
      setMessages((m) => [...m, reply]);
      setSending(false);
      abort.current = null;
      return true;
    },
    [agentId, sending],
  );

  /** Clear and delete both only empty the page's conversation (§2); the server keeps its copy. */
  const clear = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setMessages([]);
    setStreaming(null);
    setSending(false);
  }, []);

  const rate = useCallback((id: string, feedback: Feedback) => {
    setMessages((m) => m.map((x) => (x.id === id ? { ...x, feedback } : x)));
  }, []);

  return { messages, streaming, sending, send, clear, rate };
}

/** The visitor message just before a rated answer (§3 Feedback.userMessage). */
export function userMessageBefore(messages: ChatMessage[], assistantId: string): string {
  const i = messages.findIndex((m) => m.id === assistantId);
  for (let j = i - 1; j >= 0; j--) {
    const m = messages[j];
    if (m?.role === "user") return m.content;
  }
  return "";
}
