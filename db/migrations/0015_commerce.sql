CREATE TABLE `billing_customers` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`stripe_customer_id` text NOT NULL,
	`email` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_customers_stripe_customer_id_unique` ON `billing_customers` (`stripe_customer_id`);--> statement-breakpoint
CREATE TABLE `checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`plan_id` text,
	`pack_id` text,
	`coupon_id` text,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`stripe_session_id` text,
	`url` text,
	`status` text DEFAULT 'open' NOT NULL,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pack_id`) REFERENCES `credit_packs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_stripe_session_id_unique` ON `checkout_sessions` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_workspace_idx` ON `checkout_sessions` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_plan_idx` ON `checkout_sessions` (`plan_id`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_pack_idx` ON `checkout_sessions` (`pack_id`);--> statement-breakpoint
CREATE TABLE `credit_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`grant_key` text NOT NULL,
	`amount` integer NOT NULL,
	`expires_at` integer,
	`payment_id` text,
	`plan_id` text,
	`pack_id` text,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_grants_grant_key_unique` ON `credit_grants` (`grant_key`);--> statement-breakpoint
CREATE INDEX `credit_grants_workspace_idx` ON `credit_grants` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `credit_packs` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`credits` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`expires_in_days` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`plan_id` text,
	`pack_id` text,
	`coupon_id` text,
	`checkout_session_id` text,
	`stripe_invoice_id` text,
	`stripe_payment_intent_id` text,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`status` text NOT NULL,
	`invoice_pdf_url` text,
	`hosted_invoice_url` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_invoice_id_unique` ON `payments` (`stripe_invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_payment_intent_id_unique` ON `payments` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `payments_workspace_idx` ON `payments` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `spend_caps` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`scope` text NOT NULL,
	`agent_id` text DEFAULT '' NOT NULL,
	`monthly_credits` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `spend_caps_scope_idx` ON `spend_caps` (`workspace_id`,`scope`,`agent_id`);--> statement-breakpoint
CREATE TABLE `spend_counters` (
	`workspace_id` text NOT NULL,
	`month` text NOT NULL,
	`scope` text NOT NULL,
	`subject` text NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	`alerted_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `spend_counters_key_idx` ON `spend_counters` (`workspace_id`,`month`,`scope`,`subject`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`processed_at` integer,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `stripe_events_received_idx` ON `stripe_events` (`received_at`);--> statement-breakpoint
CREATE TABLE `coupon_redemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`coupon_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`checkout_session_id` text NOT NULL,
	`discount_cents` integer NOT NULL,
	`status` text DEFAULT 'reserved' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_redemptions_checkout_idx` ON `coupon_redemptions` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `coupon_redemptions_coupon_idx` ON `coupon_redemptions` (`coupon_id`,`status`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`discount_type` text NOT NULL,
	`discount_value` integer NOT NULL,
	`minimum_amount_cents` integer DEFAULT 0 NOT NULL,
	`max_uses` integer,
	`used_count` integer DEFAULT 0 NOT NULL,
	`applicable_plans` text DEFAULT '[]' NOT NULL,
	`applies_to_packs` integer DEFAULT false NOT NULL,
	`expires_at` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_unique` ON `coupons` (`code`);--> statement-breakpoint
CREATE TABLE `affiliate_clicks` (
	`id` text PRIMARY KEY NOT NULL,
	`affiliate_id` text NOT NULL,
	`visitor_hash` text,
	`landing_path` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`affiliate_id`) REFERENCES `affiliates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `affiliate_clicks_affiliate_idx` ON `affiliate_clicks` (`affiliate_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `affiliate_commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`affiliate_id` text NOT NULL,
	`referred_user_id` text,
	`workspace_id` text,
	`payment_id` text NOT NULL,
	`base_cents` integer NOT NULL,
	`rate` real NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payout_id` text,
	`approved_at` integer,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`affiliate_id`) REFERENCES `affiliates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_commissions_payment_idx` ON `affiliate_commissions` (`payment_id`);--> statement-breakpoint
CREATE INDEX `affiliate_commissions_affiliate_idx` ON `affiliate_commissions` (`affiliate_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `affiliate_commissions_status_idx` ON `affiliate_commissions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `affiliate_commissions_affiliate_created_idx` ON `affiliate_commissions` (`affiliate_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `affiliate_commissions_created_idx` ON `affiliate_commissions` (`created_at`);--> statement-breakpoint
CREATE INDEX `affiliate_commissions_payout_idx` ON `affiliate_commissions` (`payout_id`);--> statement-breakpoint
CREATE TABLE `affiliate_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`affiliate_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`pix_key` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`admin_user_id` text,
	`paid_at` integer,
	`note` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`affiliate_id`) REFERENCES `affiliates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `affiliate_payouts_affiliate_idx` ON `affiliate_payouts` (`affiliate_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `affiliate_payouts_status_idx` ON `affiliate_payouts` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `affiliate_payouts_created_idx` ON `affiliate_payouts` (`created_at`);--> statement-breakpoint
CREATE TABLE `affiliate_referrals` (
	`id` text PRIMARY KEY NOT NULL,
	`affiliate_id` text NOT NULL,
	`referred_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`affiliate_id`) REFERENCES `affiliates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referred_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_referrals_referred_user_id_unique` ON `affiliate_referrals` (`referred_user_id`);--> statement-breakpoint
CREATE INDEX `affiliate_referrals_affiliate_idx` ON `affiliate_referrals` (`affiliate_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `affiliates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`referral_code` text NOT NULL,
	`commission_rate` real DEFAULT 0.1 NOT NULL,
	`pix_key` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliates_user_id_unique` ON `affiliates` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `affiliates_referral_code_unique` ON `affiliates` (`referral_code`);--> statement-breakpoint
CREATE INDEX `affiliates_created_idx` ON `affiliates` (`created_at`);--> statement-breakpoint
DROP INDEX `bonus_history_workspace_idx`;--> statement-breakpoint
CREATE INDEX `bonus_history_workspace_created_idx` ON `bonus_credit_history` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `agents` ADD `paused_by_plan_at` integer;--> statement-breakpoint
ALTER TABLE `plans` ADD `stripe_product_id` text;--> statement-breakpoint
ALTER TABLE `plans` ADD `stripe_synced_at` integer;--> statement-breakpoint
ALTER TABLE `user_subscriptions` ADD `stripe_subscription_id` text;--> statement-breakpoint
ALTER TABLE `user_subscriptions` ADD `cancel_at_period_end` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `user_subscriptions` ADD `grace_until` integer;--> statement-breakpoint
ALTER TABLE `user_subscriptions` ADD `canceled_at` integer;--> statement-breakpoint
ALTER TABLE `user_subscriptions` ADD `stripe_event_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `user_subscriptions_stripe_subscription_id_unique` ON `user_subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_plan_idx` ON `user_subscriptions` (`plan_id`,`status`);