import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";

export const users = sqliteTable(
  "users",
  {
  id: id(),
  email: text("email").notNull().unique(),
  phoneNumber: text("phone_number"),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  language: text("language").notNull().default("pt-BR"),
  profileImageUrl: text("profile_image_url"),
  passwordHash: text("password_hash").notNull(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  /** sha256 of the emailed token; the raw token only ever lives in the mail. */
  emailVerificationToken: text("email_verification_token"),
  emailVerificationExpiry: ms("email_verification_expiry"),
  resetToken: text("reset_token"),
  resetTokenExpiry: ms("reset_token_expiry"),
  role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
  status: text("status").notNull().default("active"),
  /** The workspace the user last worked in; sessions start there. */
  lastWorkspaceId: text("last_workspace_id"),
  /** When the free plan's credits were given (once per user, set by a conditional update); null: not yet. */
  freeCreditsGrantedAt: ms("free_credits_granted_at"),
  ...timestamps,
  },
  // Reset and verification links look the user up by the token's hash.
  (t) => [index("users_reset_token_idx").on(t.resetToken), index("users_verification_token_idx").on(t.emailVerificationToken)],
);

/** Spec: sessions(sid, sess, expire). sid is the sha256 of the cookie value, so a db leak yields no live session. */
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** JSON: { workspaceId, rememberMe, ipAddress, userAgent } */
    sess: text("sess", { mode: "json" }).$type<SessionData>().notNull(),
    expire: ms("expire").notNull(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expire_idx").on(t.expire)],
);

export type SessionData = {
  workspaceId: string | null;
  rememberMe: boolean;
  ipAddress: string | null;
  userAgent: string | null;
};

export const onlineUsers = sqliteTable("online_users", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastSeen: ms("last_seen").notNull(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
});

export const userActivityLogs = sqliteTable(
  "user_activity_logs",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    workspaceId: text("workspace_id"),
    agentId: text("agent_id"),
    action: text("action").notNull(),
    category: text("category").notNull(),
    resourceType: text("resource_type"),
    resourceId: text("resource_id"),
    description: text("description"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    oldValues: text("old_values", { mode: "json" }).$type<Record<string, unknown>>(),
    newValues: text("new_values", { mode: "json" }).$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    sessionId: text("session_id"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("activity_user_idx").on(t.userId, t.createdAt), index("activity_workspace_idx").on(t.workspaceId)],
);

/** Failed attempts for rate limiting (login per ip / per email, forgot-password). Survives restarts. */
export const rateLimitHits = sqliteTable(
  "rate_limit_hits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    at: ms("at").notNull(),
  },
  (t) => [index("rate_limit_bucket_key_idx").on(t.bucket, t.key, t.at)],
);

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    template: text("template").notNull(),
    /** queued (no SMTP configured: kept for the admin), sent, failed */
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull(),
    error: text("error"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
    sentAt: ms("sent_at"),
  },
  (t) => [index("mail_outbox_to_idx").on(t.toAddress, t.createdAt)],
);
