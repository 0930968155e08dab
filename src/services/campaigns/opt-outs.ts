import { and, desc, eq, like, sql } from "drizzle-orm";
import type { z } from "zod";
import { campaignOptOuts } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { listOptOutsInput } from "../../schemas/campaigns/lists";
import { campaignPhone } from "../../schemas/campaigns/lists";
import type { InboxWriterScope } from "../access";
import type { ServiceContext, WorkspaceScope } from "../context";
import { cappedCount } from "./lists";

/** "Descadastrados": numbers that asked not to be contacted, newest first, searched by digits. */
export async function listOptOuts(ctx: ServiceContext, scope: WorkspaceScope, input: z.output<typeof listOptOutsInput>) {
  const digits = input.search?.replace(/\D/g, "") ?? "";
  const where = and(eq(campaignOptOuts.workspaceId, scope.id), digits ? like(campaignOptOuts.phone, `%${digits}%`) : undefined);
  const items = await ctx.db
    .select()
    .from(campaignOptOuts)
    .where(where)
    .orderBy(desc(campaignOptOuts.createdAt))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const total = await cappedCount(ctx.db, sql`SELECT 1 FROM campaign_opt_outs WHERE ${where}`);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/** A number added by hand (reason 'manual'); already opted out keeps its first reason. */
export async function addOptOut(ctx: ServiceContext, scope: InboxWriterScope, phone: string) {
  const inserted = await ctx.db
    .insert(campaignOptOuts)
    .values({ workspaceId: scope.id, phone, reason: "manual", createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ phone: campaignOptOuts.phone });
  return { phone, added: inserted.length > 0 };
}

export async function removeOptOut(ctx: ServiceContext, scope: InboxWriterScope, raw: string) {
  const phone = campaignPhone(raw) ?? raw;
  const gone = await ctx.db
    .delete(campaignOptOuts)
    .where(and(eq(campaignOptOuts.workspaceId, scope.id), eq(campaignOptOuts.phone, phone)))
    .returning({ phone: campaignOptOuts.phone });
  if (!gone.length) throw new AppError("NOT_FOUND", "Número não está na lista de descadastrados", { field: "phone" });
  return { phone, removed: true as const };
}
