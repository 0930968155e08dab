import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Support requests (SPEC §3: type, subject, description, priority default medium, status default
 * open, attachments as stored_files with purpose 'support') and their conversation.
 */
export const supportRequests = sqliteTable(
  "support_requests",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Where the user was (not the tenant: deleting the workspace keeps the user's request). */
    originWorkspaceId: text("origin_workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    type: text("type", { enum: ["bug", "question", "billing", "feature"] }).notNull(),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    priority: text("priority", { enum: ["low", "medium", "high", "urgent"] })
      .notNull()
      .default("medium"),
    status: text("status", { enum: ["open", "in_progress", "resolved", "closed"] })
      .notNull()
      .default("open"),
    /** Sent with a bug report: the page, the browser and the app version. */
    pageUrl: text("page_url"),
    userAgent: text("user_agent"),
    appVersion: text("app_version"),
    lastReplyAt: ms("last_reply_at"),
    lastReplyBy: text("last_reply_by", { enum: ["user", "admin"] }),
    ...timestamps,
  },
  // Each list reads newest first (created_at, id) straight off one of these.
  (t) => [
    index("support_requests_user_idx").on(t.userId, t.createdAt, t.id),
    index("support_requests_status_idx").on(t.status, t.createdAt, t.id),
    index("support_requests_created_idx").on(t.createdAt, t.id),
  ],
);

export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: id(),
    requestId: text("request_id")
      .notNull()
      .references(() => supportRequests.id, { onDelete: "cascade" }),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorRole: text("author_role", { enum: ["user", "admin"] }).notNull(),
    body: text("body").notNull(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("support_messages_request_idx").on(t.requestId, t.createdAt, t.id)],
);

/**
 * Feature suggestions (SPEC §3: category default geral, status default pendente, priority default
 * média, votes each with voteType). Counters kept in the vote's transaction so the list sorts on an index.
 */
export const featureSuggestions = sqliteTable(
  "feature_suggestions",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull().default("geral"),
    status: text("status", { enum: ["pendente", "planejada", "em_andamento", "concluida", "recusada", "mesclada"] })
      .notNull()
      .default("pendente"),
    priority: text("priority", { enum: ["baixa", "média", "alta"] })
      .notNull()
      .default("média"),
    upVotes: integer("up_votes").notNull().default(0),
    downVotes: integer("down_votes").notNull().default(0),
    /** upVotes − downVotes: the list's order. */
    score: integer("score").notNull().default(0),
    /** Set when an admin merged this one into another (status 'mesclada'). */
    mergedIntoId: text("merged_into_id"),
    adminReply: text("admin_reply"),
    adminReplyAt: ms("admin_reply_at"),
    ...timestamps,
  },
  (t) => [
    index("feature_suggestions_score_idx").on(t.score, t.createdAt),
    index("feature_suggestions_status_idx").on(t.status, t.score),
    // Deleting or merging looks up the suggestions merged into one.
    index("feature_suggestions_merged_idx").on(t.mergedIntoId),
  ],
);

export const featureSuggestionVotes = sqliteTable(
  "feature_suggestion_votes",
  {
    suggestionId: text("suggestion_id")
      .notNull()
      .references(() => featureSuggestions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    voteType: text("vote_type", { enum: ["up", "down"] }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.suggestionId, t.userId] }), index("feature_suggestion_votes_user_idx").on(t.userId)],
);
