/** Pieces every channel's service verbs share: messages, the tenant-scoped lookup, unique violations. */
import { and, eq } from "drizzle-orm";
import { channelConnections } from "../../db/schema";
import { AppError } from "../lib/errors";
import type { ServiceContext, WorkspaceScope } from "./context";

export const NOT_FOUND = "Conexão não encontrada";

export const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed/i.test(String((err as { cause?: unknown })?.cause ?? err));

/** A connection of the caller's workspace (another workspace's id is simply not found). */
export async function ownedConnection(ctx: ServiceContext, scope: WorkspaceScope, id: string, channel?: string) {
  const [row] = await ctx.db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.id, id), eq(channelConnections.workspaceId, scope.id)))
    .limit(1);
  if (!row || (channel && row.channel !== channel)) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}
