CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`avatar_url` text,
	`activity` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agents_workspace_idx` ON `agents` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text,
	`channel` text NOT NULL,
	`contact_key` text NOT NULL,
	`client_name` text,
	`client_avatar` text,
	`client_phone` text,
	`client_email` text,
	`status` text DEFAULT 'active' NOT NULL,
	`assigned_to_user_id` text,
	`last_message_at` integer,
	`unread_count` integer DEFAULT 0 NOT NULL,
	`metadata` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `conversations_workspace_idx` ON `conversations` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `conversations_agent_contact_idx` ON `conversations` (`agent_id`,`channel`,`contact_key`);--> statement-breakpoint
CREATE TABLE `bonus_credit_history` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`workspace_id` text NOT NULL,
	`admin_user_id` text,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`observations` text,
	`expires_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bonus_history_workspace_idx` ON `bonus_credit_history` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `credit_system_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`credits_per_usd` real DEFAULT 1000 NOT NULL,
	`usd_to_brl_rate` real DEFAULT 5.5 NOT NULL,
	`auto_update_exchange_rate` integer DEFAULT false NOT NULL,
	`last_exchange_rate_update` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `credit_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`workspace_id` text NOT NULL,
	`agent_id` text,
	`conversation_id` text,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`total_tokens` integer DEFAULT 0 NOT NULL,
	`model_used` text,
	`provider` text,
	`input_cost_usd` real DEFAULT 0 NOT NULL,
	`output_cost_usd` real DEFAULT 0 NOT NULL,
	`total_cost_usd` real DEFAULT 0 NOT NULL,
	`credits_consumed` integer DEFAULT 0 NOT NULL,
	`bonus_credits_used` integer DEFAULT 0 NOT NULL,
	`regular_credits_used` integer DEFAULT 0 NOT NULL,
	`cost_brl` real DEFAULT 0 NOT NULL,
	`action` text DEFAULT 'chat' NOT NULL,
	`idempotency_key` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `credit_tx_workspace_idx` ON `credit_transactions` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_tx_idempotency_idx` ON `credit_transactions` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `model_pricing` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`model_id` text NOT NULL,
	`display_name` text NOT NULL,
	`input_price_per_1k` real NOT NULL,
	`output_price_per_1k` real NOT NULL,
	`credits_per_interaction` real DEFAULT 1 NOT NULL,
	`supports_function_calling` integer DEFAULT true NOT NULL,
	`supports_vision` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `model_pricing_provider_model_idx` ON `model_pricing` (`provider`,`model_id`);--> statement-breakpoint
CREATE TABLE `user_credits` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`total_credits` integer DEFAULT 0 NOT NULL,
	`used_credits` integer DEFAULT 0 NOT NULL,
	`remaining_credits` integer DEFAULT 0 NOT NULL,
	`bonus_credits` integer DEFAULT 0 NOT NULL,
	`used_bonus_credits` integer DEFAULT 0 NOT NULL,
	`remaining_bonus_credits` integer DEFAULT 0 NOT NULL,
	`bonus_credits_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`template` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `online_users` (
	`user_id` text PRIMARY KEY NOT NULL,
	`last_seen` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_bucket_key_idx` ON `rate_limit_hits` (`bucket`,`key`,`at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `user_activity_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`workspace_id` text,
	`agent_id` text,
	`action` text NOT NULL,
	`category` text NOT NULL,
	`resource_type` text,
	`resource_id` text,
	`description` text,
	`details` text,
	`old_values` text,
	`new_values` text,
	`ip_address` text,
	`user_agent` text,
	`session_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_user_idx` ON `user_activity_logs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `activity_workspace_idx` ON `user_activity_logs` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`phone_number` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`language` text DEFAULT 'pt-BR' NOT NULL,
	`profile_image_url` text,
	`password_hash` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`email_verification_token` text,
	`email_verification_expiry` integer,
	`reset_token` text,
	`reset_token_expiry` integer,
	`role` text DEFAULT 'user' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`last_workspace_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`billing_period` text DEFAULT 'free' NOT NULL,
	`credits_included` integer DEFAULT 0 NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_popular` integer DEFAULT false NOT NULL,
	`max_agents` integer DEFAULT 1 NOT NULL,
	`max_workspaces` integer DEFAULT 1 NOT NULL,
	`max_members` integer DEFAULT 1 NOT NULL,
	`validity_days` integer,
	`stripe_price_id` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer,
	`auto_renew` integer DEFAULT false NOT NULL,
	`last_payment_date` integer,
	`next_payment_date` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscriptions_workspace_idx` ON `user_subscriptions` (`workspace_id`,`status`);--> statement-breakpoint
CREATE TABLE `workspace_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`invited_by` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`permissions` text NOT NULL,
	`token` text NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invitations_token_unique` ON `workspace_invitations` (`token`);--> statement-breakpoint
CREATE INDEX `invitations_workspace_idx` ON `workspace_invitations` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `invitations_email_idx` ON `workspace_invitations` (`email`);--> statement-breakpoint
CREATE TABLE `workspace_members` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`permissions` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `members_user_idx` ON `workspace_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`owner_id` text NOT NULL,
	`settings` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspaces_owner_idx` ON `workspaces` (`owner_id`);