ALTER TABLE `conversations` ADD `connection_id` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `handled_by` text DEFAULT 'ai' NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `ai_paused_until` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `waiting_for_user` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `needs_human_support` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `needs_review` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `finished_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `executed_follow_up_steps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `interaction_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `blocked_until` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `last_customer_message_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `reply_cursor` text;--> statement-breakpoint
CREATE INDEX `conversations_inbox_idx` ON `conversations` (`workspace_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_connection_contact_idx` ON `conversations` (`connection_id`,`contact_key`);--> statement-breakpoint
ALTER TABLE `messages` ADD `provider_message_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `delivery_status` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `delivery_error` text;--> statement-breakpoint
CREATE INDEX `messages_provider_idx` ON `messages` (`provider_message_id`);--> statement-breakpoint
CREATE INDEX `messages_outbox_idx` ON `messages` (`conversation_id`,`delivery_status`);--> statement-breakpoint
ALTER TABLE `jobs` ADD `group_key` text;--> statement-breakpoint
CREATE INDEX `jobs_group_idx` ON `jobs` (`group_key`,`status`);