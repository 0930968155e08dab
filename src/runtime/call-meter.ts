import type { LlmMessage, LlmTool, LlmUsage } from "../adapters/llm/openai-compatible";
import type { AppDeps } from "../services/context";
import { type RawTx, priceCall, withRawWrite } from "../services/credit-debit";
import { type CapHit, adjustCaps, alertCapReached, capsFor, monthOf, reserveCaps, workspaceCaps } from "../services/billing/spend-caps";
import { releaseInTransaction, reserveCredits, reserveInTransaction, settleInTransaction } from "../services/credit-reservation";
import { groupCommit } from "../services/group-commit";
import type { DebitAction } from "../schemas/billing/statement";
import { log } from "../lib/logger";

/**
 * Pays for a turn's model calls (issue 11, defect 4): each call reserves its price upper bound
 * before it is made (NoCreditsError when it does not fit, and the call is not made), records its
 * usage when it returns, and the turn's final transaction charges every finished call in full and
 * releases the holds of calls that failed.
 */

/**
 * Completion cap of every model call: neither the plans nor the agents set one yet. The platform
 * prompt asks for at most 3 short paragraphs (~300 tokens), so 1024 never cuts a normal answer.
 */
export const DEFAULT_MAX_OUTPUT_TOKENS = 1024;
/** Prompt tokens an image may count for (gpt-4o-mini reports 2,833 for a low-detail one). */
const IMAGE_PROMPT_TOKENS = 3_000;
/** Role and framing tokens per message, with room to spare. */
const MESSAGE_OVERHEAD_TOKENS = 8;

export class NoCreditsError extends Error {
  constructor() {
    super("the workspace cannot cover the model call");
  }
}

/** A spend cap (workspace, agent or end customer) cannot cover the call: answered like no credits, with its own message. */
export class SpendCapError extends NoCreditsError {}

/**
 * Upper bound of the prompt tokens: BPE tokenizers put at least 2 UTF-8 bytes in a token for
 * Portuguese text, JSON and code (~4 on average), so bytes / 2 over-reserves rather than under.
 */
export function promptTokensBound(messages: LlmMessage[], tools?: LlmTool[]): number {
  let images = 0;
  // A replacer makes JSON.stringify slow: only messages with content parts (images) need it.
  const parts = messages.some((m) => typeof m.content !== "string");
  const text = parts
    ? JSON.stringify(messages, (key, value) => {
        if (key !== "image_url") return value;
        images++;
        return "";
      })
    : JSON.stringify(messages);
  const bytes = Buffer.byteLength(text) + (tools?.length ? Buffer.byteLength(JSON.stringify(tools)) : 0);
  return Math.ceil(bytes / 2) + images * IMAGE_PROMPT_TOKENS + messages.length * MESSAGE_OVERHEAD_TOKENS;
}

type Call = {
  key: string;
  model: string;
  action: string;
  usage: LlmUsage | null;
  served: string;
  onAbort?: () => LlmUsage;
  /** The spend caps the call's bound was counted against (none: no caps set), trued up at the settle. */
  caps: { hits: CapHit[]; month: string; reservedMilli: number } | null;
};
/** customerKey: the end customer for per-customer spend caps (the visitor, the channel contact). */
export type CallScope = { workspaceId: string; agentId: string; conversationId: string | null; customerKey?: string | null; provider: string; idempotencyKey: string };

export function createCallMeter(deps: AppDeps, scope: CallScope) {
  const calls: Call[] = [];
  let chats = 0;
  let done = false;

  /**
   * One write transaction (group commit): every finished call charged with its usage, every other
   * hold released, then `then` (the turn's persistence) with what was charged. Done once it commits.
   */
  async function finalize(then?: (tx: RawTx, chargedMilli: number) => Promise<void>): Promise<void> {
    // Prices are read before the transaction: the embedded connection is held while it is open.
    const prices = await Promise.all(calls.map((c) => (c.usage ? priceCall(deps.db, scope.provider, c.model, c.usage) : null)));
    await groupCommit(deps.db, async (tx) => {
      let charged = 0;
      for (const [i, c] of calls.entries()) {
        const price = prices[i];
        if (!price || !c.usage) {
          await releaseInTransaction(tx, c.key);
          if (c.caps) await adjustCaps(tx, scope.workspaceId, c.caps.month, c.caps.hits, -c.caps.reservedMilli);
          continue;
        }
        const { customerKey: _customer, ...ledgerScope } = scope;
        const debit = { ...ledgerScope, model: c.served, usage: c.usage, action: c.action, idempotencyKey: c.key };
        const out = await settleInTransaction(tx, debit, price, deps.now());
        if (out.status !== "insufficient") charged += out.creditsMilli;
        // The counters move from the bound to what was really charged, in the debit's transaction.
        if (c.caps) await adjustCaps(tx, scope.workspaceId, c.caps.month, c.caps.hits, (out.status === "charged" ? out.creditsMilli : 0) - c.caps.reservedMilli);
      }
      await then?.(tx, charged);
    });
    done = true;
  }

  return {
    /**
     * Holds the call's price bound; returns its key for record(). Throws NoCreditsError when it does
     * not fit. `onAbort` estimates the usage of a call the visitor cut off (the provider bills it).
     */
    async reserve(model: string, bound: LlmUsage, action: DebitAction = "chat", onAbort?: () => LlmUsage): Promise<string> {
      // Every call but a transcription is numbered: a turn's tool steps, a background task's calls (issue 18).
      const turnKey = action === "transcription" ? `${scope.idempotencyKey}:audio` : chats === 0 ? scope.idempotencyKey : `${scope.idempotencyKey}:${chats}`;
      if (action !== "transcription") chats++;
      const price = await priceCall(deps.db, scope.provider, model, bound);
      // A turn run again after its call was charged (its own write failed) makes a new model call:
      // the hold then comes back under a new key, so the settle is not taken as a duplicate.
      const req = { workspaceId: scope.workspaceId, key: turnKey, amountMilli: price.creditsMilli };
      // No caps set (the usual case): the plain reservation, no extra read beyond the cached cap list.
      const hits = capsFor(await workspaceCaps(deps.db, scope.workspaceId), scope.agentId, scope.customerKey ?? null);
      if (!hits.length) {
        const held = await reserveCredits(deps.db, req, deps.now());
        if (!held.ok) throw new NoCreditsError();
        calls.push({ key: held.key, model, action, usage: null, served: model, onAbort, caps: null });
        return held.key;
      }
      const now = deps.now();
      const month = monthOf(now);
      // Caps and credits are taken in one transaction, each a conditional write: all or nothing.
      // A transaction of its own, like reserveCredits: batched holds keep concurrent turns in step.
      const out = await withRawWrite(deps.db, async (tx) => {
        const refused = await reserveCaps(tx, scope.workspaceId, month, hits, req.amountMilli);
        if (refused) return { refused, held: null };
        const held = await reserveInTransaction(tx, req, now);
        if (!held.ok) await adjustCaps(tx, scope.workspaceId, month, hits, -req.amountMilli);
        return { refused: null, held };
      });
      if (out.refused) {
        await alertCapReached(deps, scope.workspaceId, scope.agentId, month, out.refused).catch((err) => log.warn("spend cap alert failed", { error: String(err) }));
        throw new SpendCapError();
      }
      if (!out.held?.ok) throw new NoCreditsError();
      calls.push({ key: out.held.key, model, action, usage: null, served: model, onAbort, caps: { hits, month, reservedMilli: req.amountMilli } });
      return out.held.key;
    },
    /** The call returned: it is charged with this usage, priced as the model it was reserved for. */
    record(key: string, usage: LlmUsage, served?: string) {
      const c = calls.find((x) => x.key === key);
      if (c) {
        c.usage = usage;
        c.served = served || c.model;
      }
    },
    hasCalls: () => calls.length > 0,
    finalize,
    /** A turn that never committed (aborted, or its persistence failed): settle on its own. */
    async close(aborted: boolean) {
      if (done || !calls.length) return;
      if (aborted) for (const c of calls) if (!c.usage && c.onAbort) c.usage = c.onAbort();
      await finalize();
    },
  };
}

export type CallMeter = ReturnType<typeof createCallMeter>;
