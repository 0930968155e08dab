CREATE TABLE `semantic_cache_heads` (
	`agent_id` text PRIMARY KEY NOT NULL,
	`cache_key` text DEFAULT '' NOT NULL,
	`entries` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`hits` integer DEFAULT 0 NOT NULL,
	`saved_milli_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `semantic_cache_agent_idx`;--> statement-breakpoint
CREATE INDEX `semantic_cache_agent_key_updated_idx` ON `semantic_cache` (`agent_id`,`cache_key`,`updated_at`);--> statement-breakpoint
DROP INDEX `conversations_workspace_idx`;--> statement-breakpoint
DROP INDEX `conversations_agent_contact_idx`;--> statement-breakpoint
DROP INDEX `conversations_inbox_idx`;--> statement-breakpoint
CREATE INDEX `conversations_unread_idx` ON `conversations` (`workspace_id`) WHERE unread_count > 0;--> statement-breakpoint
CREATE INDEX `conversations_needs_human_idx` ON `conversations` (`workspace_id`) WHERE needs_human_support = 1 AND status = 'active';--> statement-breakpoint
CREATE INDEX `conversations_workspace_idx` ON `conversations` (`workspace_id`,`created_at`,`contact_key`);--> statement-breakpoint
CREATE INDEX `conversations_agent_contact_idx` ON `conversations` (`agent_id`,`channel`,`contact_key`,`created_at`);--> statement-breakpoint
-- drizzle-kit 0.31 quotes an expression column as a name; this statement is corrected by hand.
CREATE INDEX `conversations_inbox_idx` ON `conversations` (`workspace_id`,coalesce(`last_message_at`, `created_at`),`id`);--> statement-breakpoint
DROP INDEX `messages_conversation_idx`;--> statement-breakpoint
CREATE INDEX `messages_thread_idx` ON `messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`sent_at`,`id`);--> statement-breakpoint
DROP INDEX `credit_tx_workspace_idx`;--> statement-breakpoint
CREATE INDEX `credit_tx_workspace_idx` ON `credit_transactions` (`workspace_id`,`created_at`,`credits_consumed`);--> statement-breakpoint
CREATE INDEX `jobs_status_completed_idx` ON `jobs` (`status`,`completed_at`);--> statement-breakpoint
CREATE INDEX `users_reset_token_idx` ON `users` (`reset_token`);--> statement-breakpoint
CREATE INDEX `users_verification_token_idx` ON `users` (`email_verification_token`);--> statement-breakpoint
CREATE INDEX `calendar_events_agent_created_idx` ON `calendar_events` (`agent_id`,`created_at`);--> statement-breakpoint
-- Lifetime hits and savings carried over; version 1 makes every process reload its copy.
INSERT INTO `semantic_cache_heads` (`agent_id`, `cache_key`, `entries`, `version`, `hits`, `saved_milli_cents`)
	SELECT `agent_id`, '', 0, 1, coalesce(sum(`hits`), 0), coalesce(sum(`saved_milli_cents`), 0) FROM `semantic_cache` GROUP BY `agent_id`;
