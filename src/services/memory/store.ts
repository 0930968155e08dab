/**
 * Contact memory rows (issue 18): which contact a conversation belongs to, and storing facts
 * deduplicated by their folded text. Raw SQL: both run from the after-turn job and the turn path.
 */
import type { Db } from "../../../db/client";
import type { MemoryCategory } from "../../schemas/memory";
import type { RawTx } from "../credit-debit";
import { foldFact } from "./patterns";

/** The conversation's CRM contact (conversation_contacts' primary key: one indexed read), or null. */
export async function contactOfConversation(db: Db, workspaceId: string, conversationId: string): Promise<string | null> {
  const rs = await db.$client.execute({ sql: "SELECT contact_id FROM conversation_contacts WHERE conversation_id = ? AND workspace_id = ?", args: [conversationId, workspaceId] });
  const id = rs.rows[0]?.contact_id;
  return typeof id === "string" ? id : null;
}

export type FactToStore = { fact: string; category: MemoryCategory; confidence: number };

/**
 * One extraction pass over a message and its facts, in one transaction. The extraction row goes
 * first: a concurrent or repeated run of the same message finds it taken and stores nothing.
 */
export async function storeExtractionInTx(
  tx: RawTx,
  x: { workspaceId: string; conversationId: string; messageId: string; contactId: string; source: "model" | "offline"; facts: FactToStore[]; now: number },
): Promise<number> {
  const taken = await tx.execute({
    sql: "INSERT INTO memory_extractions (id, workspace_id, conversation_id, message_id, contact_id, facts_found, source, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
    args: [Bun.randomUUIDv7(), x.workspaceId, x.conversationId, x.messageId, x.contactId, x.facts.length, x.source, x.now],
  });
  if (taken.rowsAffected === 0) return 0;
  let stored = 0;
  for (const f of x.facts) {
    const key = foldFact(f.fact);
    if (!key) continue;
    // Told again: the fact becomes the newest (recall keeps the newest), its text and source stay.
    const rs = await tx.execute({
      sql: `INSERT INTO contact_memories (id, workspace_id, contact_id, fact, fact_key, category, source, confidence, source_conversation_id, source_message_id, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, 'extracted', ?, ?, ?, ?, ?)
        ON CONFLICT (contact_id, fact_key) DO UPDATE SET updated_at = excluded.updated_at, confidence = max(confidence, excluded.confidence)`,
      args: [Bun.randomUUIDv7(), x.workspaceId, x.contactId, f.fact, key, f.category, f.confidence, x.conversationId, x.messageId, x.now, x.now],
    });
    stored += rs.rowsAffected;
  }
  return stored;
}
