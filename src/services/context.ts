import type { Db, DbOrTx } from "../../db/client";
import type { Env } from "../env";
import type { SecretBox } from "../lib/crypto";
import type { MemberPermissions, MemberRole } from "../schemas/workspaces";
import type { CampaignClock } from "./campaigns/clock";
import type { Mailer } from "./mail";

/** The database handle types, for layers that pass a handle through to services without importing db/. */
export type { Db, DbOrTx };

/** Process-wide dependencies, built once at boot (src/deps.ts) and handed to every service call. */
export type AppDeps = {
  db: Db;
  env: Env;
  secrets: SecretBox;
  mailer: Mailer;
  /** Base URL for links in mails, without trailing slash. */
  appUrl: string;
  now: () => number;
  /** The campaign pacer's clock (CAMPAIGN_CLOCK simulates one); absent = `now`. */
  campaignClock?: CampaignClock;
};

/** Who is calling: the closed set of actors the design names. */
export type Actor =
  | { type: "user"; userId: string; role: "user" | "admin"; sessionId: string | null }
  | { type: "system"; job: string }
  | { type: "visitor"; sessionId: string }
  | { type: "anonymous" };

export type RequestMeta = { ipAddress: string | null; userAgent: string | null; requestId: string };

/** The caller's verified standing in the current workspace. */
export type WorkspaceScope = {
  id: string;
  name: string;
  ownerId: string;
  role: MemberRole | "owner";
  permissions: MemberPermissions;
};

export type ServiceContext = AppDeps & {
  actor: Actor;
  meta: RequestMeta;
  workspace: WorkspaceScope | null;
};

/**
 * Runs fn in one write transaction, reusing an outer one. Inside, use the tx handle only:
 * the embedded db is a single locked connection, so touching `deps.db` inside would wait forever.
 */
export function withTransaction<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  // Nested calls become SAVEPOINTs (drizzle), the outermost is BEGIN IMMEDIATE.
  return db.transaction((tx) => fn(tx), { behavior: "immediate" });
}
