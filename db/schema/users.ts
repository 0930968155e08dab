import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
  /** active or suspended (an admin's action, issue 17): a suspended user has no session and their agents answer nobody. */
  status: text("status").notNull().default("active"),
  suspendedAt: ms("suspended_at"),
  suspensionReason: text("suspension_reason"),
  /** An email change waits here until the link mailed to the new address is followed (token stored as sha256). */
  pendingEmail: text("pending_email"),
  pendingEmailToken: text("pending_email_token"),
  pendingEmailExpiry: ms("pending_email_expiry"),
  /** The workspace the user last worked in; sessions start there. */
  lastWorkspaceId: text("last_workspace_id"),
  /** When the free plan's credits were given (once per user, set by a conditional update); null: not yet. */
  freeCreditsGrantedAt: ms("free_credits_granted_at"),
  ...timestamps,
  },
  // Reset and verification links look the user up by the token's hash.
  (t) => [
    index("users_reset_token_idx").on(t.resetToken),
    index("users_verification_token_idx").on(t.emailVerificationToken),
    index("users_pending_email_token_idx").on(t.pendingEmailToken),
    index("users_created_idx").on(t.createdAt),
  ],
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
    /** Last request seen on this session (heartbeat), for the account's "active sessions" list. */
    lastSeenAt: ms("last_seen_at"),
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
  (t) => [
    index("activity_user_idx").on(t.userId, t.createdAt),
    index("activity_workspace_idx").on(t.workspaceId),
    index("activity_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("activity_category_created_idx").on(t.category, t.createdAt),
  ],
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
  (t) => [index("mail_outbox_to_idx").on(t.toAddress, t.createdAt), index("mail_outbox_created_idx").on(t.createdAt)],
);

/** A user's profile picture, already resized by the server (src/services/account), served only to signed-in users. */
export const userAvatars = sqliteTable("user_avatars", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mimeType: text("mime_type").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
  updatedAt: ms("updated_at")
    .notNull()
    .$defaultFn(() => Date.now()),
});

/**
 * SPEC §3 email template: one per mail type the product sends (src/services/mail-templates). A type
 * without a row uses its built-in default; the admin edits a copy here.
 */
export const emailTemplates = sqliteTable("email_templates", {
  id: id(),
  type: text("type").notNull().unique(),
  name: text("name").notNull(),
  subject: text("subject").notNull(),
  htmlContent: text("html_content").notNull(),
  textContent: text("text_content").notNull(),
  variables: text("variables", { mode: "json" }).$type<string[]>().notNull().default([]),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  updatedByUserId: text("updated_by_user_id"),
  ...timestamps,
});
