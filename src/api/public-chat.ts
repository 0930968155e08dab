import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { log } from "../lib/logger";
import { RateWindow } from "../lib/rate-window";
import { chatExternalInput, feedbackInput } from "../schemas/public-chat";
import { activeAgent, activeAgentForTurn } from "../services/agent-cache";
import { rateKeyOf } from "../services/rate-limit";
import { chatExternal, getPublicAgent, recordFeedback } from "../services/web-chat";
import type { HonoEnv } from "./context";
import { eventStream } from "./event-stream";
import { keepOpen } from "./keep-open";
import { assertEmbedOrigin } from "./embed-cors";
import { jsonBody } from "./errors";

export const RATE_LIMIT_MESSAGE = "Muitas mensagens em pouco tempo. Aguarde um minuto e tente novamente.";

export const publicAgentRoutes = new Hono<HonoEnv>().get("/:id", async (c) => {
  // An unavailable agent's page must still learn why (getPublicAgent answers it); only the origin is checked here.
  assertEmbedOrigin(c, await activeAgent(c.get("deps"), c.req.param("id"), { allowInactive: true, allowUnavailable: true }));
  return c.json({ data: await getPublicAgent(c.get("deps"), c.req.param("id")) });
});

/**
 * Denial of wallet: every public message may cost the owner money, so visitors and agents have a
 * budget per minute (PUBLIC_CHAT_*_PER_MIN). Generous for a person typing, tight for a script.
 */
export const publicChatRoutes = (limits: { visitorPerMin: number; agentPerMin: number }) => {
  const perVisitor = new RateWindow(limits.visitorPerMin, 60_000);
  // The session id is the visitor's own claim: a new one per message must not reset the budget, so
  // one address also has a budget (3 visitors' worth, for people sharing a network).
  const perAddress = new RateWindow(limits.visitorPerMin * 3, 60_000);
  const perAgent = new RateWindow(limits.agentPerMin, 60_000);
  // Feedback is free but anonymous and stored: an address gets one visitor's message budget for it.
  const feedbackPerAddress = new RateWindow(limits.visitorPerMin, 60_000);
  return new Hono<HonoEnv>()
  .post("/:id/chat-external", async (c) => {
    const deps = c.get("deps");
    const meta = c.get("meta");
    const agentId = c.req.param("id");
    // A site off the agent's list is refused first: it reads no body, spends no rate budget, stores nothing.
    const { agent, gate } = await activeAgentForTurn(deps, agentId);
    assertEmbedOrigin(c, agent);
    const input = chatExternalInput.parse(await jsonBody(c));
    const address = rateKeyOf(meta.ipAddress);
    if (
      !perVisitor.take(`${agentId}|${address}|${input.sessionId ?? ""}`) ||
      !perAddress.take(`${agentId}|${address}`) ||
      !perAgent.take(agentId)
    ) {
      throw new AppError("RATE_LIMITED", RATE_LIMIT_MESSAGE);
    }
    if (!c.req.header("accept")?.includes("text/event-stream")) {
      const result = await chatExternal(deps, meta, agentId, input, { signal: c.req.raw.signal, checkedAgent: agent, gate });
      return c.json({ response: result.reply, data: { response: result.reply, outcome: result.outcome, messageId: result.messageId } });
    }
    // Server-sent events: "delta" events as the model writes, then one "done" with the whole reply.
    keepOpen(c.env, c.req.raw);
    return eventStream(c, async (send) => {
      try {
        const result = await chatExternal(deps, meta, agentId, input, { onDelta: (text) => send("delta", { text }), signal: c.req.raw.signal, checkedAgent: agent, gate });
        send("done", { response: result.reply, outcome: result.outcome, messageId: result.messageId });
      } catch (err) {
        log.warn("chat stream failed", { agentId, error: err instanceof Error ? err.message : String(err) });
        send("error", { message: "Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente." });
      }
    });
  })
  .post("/:agentId/feedback", async (c) => {
    const meta = c.get("meta");
    assertEmbedOrigin(c, await activeAgent(c.get("deps"), c.req.param("agentId")));
    if (!feedbackPerAddress.take(`${c.req.param("agentId")}|${rateKeyOf(meta.ipAddress)}`)) throw new AppError("RATE_LIMITED", RATE_LIMIT_MESSAGE);
    const result = await recordFeedback(c.get("deps"), c.req.param("agentId"), feedbackInput.parse(await jsonBody(c)), `anon-${Date.now()}-${meta.requestId.slice(0, 8)}`);
    return c.json({ success: true, data: result }, 201);
  });
};
