CREATE TABLE `email_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`subject` text NOT NULL,
	`html_content` text NOT NULL,
	`text_content` text NOT NULL,
	`variables` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`updated_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_templates_type_unique` ON `email_templates` (`type`);--> statement-breakpoint
CREATE TABLE `user_avatars` (
	`user_id` text PRIMARY KEY NOT NULL,
	`mime_type` text NOT NULL,
	`bytes` blob NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `agents` ADD `admin_blocked_at` integer;--> statement-breakpoint
ALTER TABLE `agents` ADD `admin_blocked_reason` text;--> statement-breakpoint
CREATE INDEX `agents_created_idx` ON `agents` (`created_at`);--> statement-breakpoint
CREATE INDEX `agents_user_idx` ON `agents` (`user_id`);--> statement-breakpoint
ALTER TABLE `credit_system_config` ADD `exchange_rate_checked_at` integer;--> statement-breakpoint
ALTER TABLE `credit_system_config` ADD `exchange_rate_error` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspension_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email_token` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email_expiry` integer;--> statement-breakpoint
CREATE INDEX `users_pending_email_token_idx` ON `users` (`pending_email_token`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
ALTER TABLE `workspaces` ADD `limit_overrides` text;--> statement-breakpoint
CREATE INDEX `workspaces_created_idx` ON `workspaces` (`created_at`);--> statement-breakpoint
CREATE INDEX `conversations_agent_activity_idx` ON `conversations` (`agent_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `bonus_history_created_idx` ON `bonus_credit_history` (`created_at`);--> statement-breakpoint
CREATE INDEX `credit_tx_agent_idx` ON `credit_transactions` (`agent_id`,`created_at`,`credits_consumed`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `activity_workspace_created_idx` ON `user_activity_logs` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `activity_category_created_idx` ON `user_activity_logs` (`category`,`created_at`);--> statement-breakpoint
CREATE INDEX `invitations_invited_by_idx` ON `workspace_invitations` (`invited_by`);