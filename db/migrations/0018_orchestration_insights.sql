CREATE TABLE `channel_routers` (
	`id` text PRIMARY KEY NOT NULL,
	`orchestration_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`channel` text NOT NULL,
	`ai_enabled` integer DEFAULT true NOT NULL,
	`ai_confidence_threshold` real DEFAULT 0.8 NOT NULL,
	`ai_model` text,
	`manual_rules` text DEFAULT '[]' NOT NULL,
	`default_agent_id` text,
	`low_confidence_action` text DEFAULT 'default_agent' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`orchestration_id`) REFERENCES `orchestrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`default_agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_routers_unique_idx` ON `channel_routers` (`orchestration_id`,`channel`);--> statement-breakpoint
CREATE TABLE `handoff_settings` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`accept_timeout_minutes` integer DEFAULT 10 NOT NULL,
	`on_timeout` text DEFAULT 'resume_ai' NOT NULL,
	`timeout_message` text,
	`notify_email` integer DEFAULT false NOT NULL,
	`notify_whatsapp_number` text,
	`notify_connection_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `handoffs` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`from_type` text NOT NULL,
	`from_agent_id` text,
	`from_user_id` text,
	`to_type` text NOT NULL,
	`to_agent_id` text,
	`human_user_id` text,
	`reason` text NOT NULL,
	`confidence_score` real,
	`notes` text,
	`context` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`expires_at` integer,
	`accepted_at` integer,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`human_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `handoffs_conversation_idx` ON `handoffs` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `handoffs_workspace_idx` ON `handoffs` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `handoffs_pending_idx` ON `handoffs` (`workspace_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE TABLE `orchestration_agents` (
	`id` text PRIMARY KEY NOT NULL,
	`orchestration_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`is_entry_point` integer DEFAULT false NOT NULL,
	`position` text DEFAULT '{"x":0,"y":0}' NOT NULL,
	`role` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`orchestration_id`) REFERENCES `orchestrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orchestration_agents_unique_idx` ON `orchestration_agents` (`orchestration_id`,`agent_id`);--> statement-breakpoint
CREATE INDEX `orchestration_agents_agent_idx` ON `orchestration_agents` (`agent_id`,`is_entry_point`);--> statement-breakpoint
CREATE TABLE `orchestration_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`orchestration_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`from_agent_id` text NOT NULL,
	`to_agent_id` text NOT NULL,
	`priority` integer DEFAULT 5 NOT NULL,
	`conditions` text DEFAULT '[]' NOT NULL,
	`condition_mode` text DEFAULT 'all' NOT NULL,
	`description` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`orchestration_id`) REFERENCES `orchestrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `orchestration_rules_from_idx` ON `orchestration_rules` (`orchestration_id`,`from_agent_id`,`priority`);--> statement-breakpoint
CREATE TABLE `orchestrations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`is_active` integer DEFAULT true NOT NULL,
	`config` text DEFAULT '{}' NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `orchestrations_workspace_idx` ON `orchestrations` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `routing_counters` (
	`orchestration_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`method` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`last_at` integer,
	PRIMARY KEY(`orchestration_id`, `agent_id`, `method`),
	FOREIGN KEY (`orchestration_id`) REFERENCES `orchestrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `routing_decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`orchestration_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`channel` text NOT NULL,
	`from_agent_id` text,
	`chosen_agent_id` text,
	`method` text NOT NULL,
	`rule_id` text,
	`confidence` real,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`orchestration_id`) REFERENCES `orchestrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `routing_decisions_orchestration_idx` ON `routing_decisions` (`orchestration_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `routing_decisions_conversation_idx` ON `routing_decisions` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `routing_decisions_orchestration_id_idx` ON `routing_decisions` (`orchestration_id`,`id`);--> statement-breakpoint
CREATE TABLE `ab_test_analyses` (
	`id` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`metric` text NOT NULL,
	`results` text DEFAULT '[]' NOT NULL,
	`recommendation` text DEFAULT 'inconclusive' NOT NULL,
	`winner_variant_id` text,
	`p_value` real,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `ab_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ab_test_analyses_test_idx` ON `ab_test_analyses` (`test_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ab_test_assignments` (
	`id` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`subject_key` text NOT NULL,
	`first_conversation_id` text,
	`assigned_at` integer NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `ab_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `ab_test_variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ab_test_assignments_subject_idx` ON `ab_test_assignments` (`test_id`,`subject_key`);--> statement-breakpoint
CREATE INDEX `ab_test_assignments_variant_idx` ON `ab_test_assignments` (`variant_id`);--> statement-breakpoint
CREATE TABLE `ab_test_results` (
	`id` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`assignment_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`metric` text NOT NULL,
	`conversation_id` text,
	`occurred_at` integer NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `ab_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `ab_test_variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignment_id`) REFERENCES `ab_test_assignments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ab_test_results_unique_idx` ON `ab_test_results` (`assignment_id`,`metric`);--> statement-breakpoint
CREATE INDEX `ab_test_results_variant_idx` ON `ab_test_results` (`test_id`,`variant_id`,`metric`);--> statement-breakpoint
CREATE TABLE `ab_test_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`is_control` integer DEFAULT false NOT NULL,
	`overrides` text DEFAULT '{}' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `ab_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ab_test_variants_test_idx` ON `ab_test_variants` (`test_id`,`position`);--> statement-breakpoint
CREATE TABLE `ab_tests` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`traffic_split` text DEFAULT '[50,50]' NOT NULL,
	`targets` text DEFAULT '{"channels":[]}' NOT NULL,
	`success_metrics` text DEFAULT '[]' NOT NULL,
	`minimum_sample_size` integer DEFAULT 100 NOT NULL,
	`significance_level` real DEFAULT 0.05 NOT NULL,
	`started_at` integer,
	`ended_at` integer,
	`winner_variant_id` text,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ab_tests_workspace_idx` ON `ab_tests` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ab_tests_agent_idx` ON `ab_tests` (`agent_id`,`status`);--> statement-breakpoint
CREATE TABLE `alert_rule_seeds` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`seeded_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `alert_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`threshold` real DEFAULT 3 NOT NULL,
	`keywords` text DEFAULT '[]' NOT NULL,
	`cooldown_minutes` integer DEFAULT 30 NOT NULL,
	`trigger_handoff` integer DEFAULT false NOT NULL,
	`notify_email` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_rules_workspace_idx` ON `alert_rules` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `contact_memories` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`fact` text NOT NULL,
	`fact_key` text NOT NULL,
	`category` text DEFAULT 'geral' NOT NULL,
	`source` text NOT NULL,
	`confidence` real DEFAULT 1 NOT NULL,
	`source_conversation_id` text,
	`source_message_id` text,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_memories_fact_idx` ON `contact_memories` (`contact_id`,`fact_key`);--> statement-breakpoint
CREATE INDEX `contact_memories_contact_idx` ON `contact_memories` (`contact_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `conversation_summaries` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`contact_id` text,
	`agent_id` text,
	`summary` text NOT NULL,
	`reason` text NOT NULL,
	`source` text NOT NULL,
	`last_message_id` text,
	`message_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `conversation_summaries_conversation_idx` ON `conversation_summaries` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `conversation_summaries_contact_idx` ON `conversation_summaries` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `conversation_tags` (
	`conversation_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`tag` text NOT NULL,
	`source` text DEFAULT 'auto' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`conversation_id`, `tag`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_tags_workspace_idx` ON `conversation_tags` (`workspace_id`,`tag`);--> statement-breakpoint
CREATE TABLE `memory_extractions` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`message_id` text NOT NULL,
	`contact_id` text,
	`facts_found` integer DEFAULT 0 NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memory_extractions_message_idx` ON `memory_extractions` (`message_id`);--> statement-breakpoint
CREATE TABLE `message_sentiments` (
	`message_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`agent_id` text,
	`sentiment` text NOT NULL,
	`score` real DEFAULT 0 NOT NULL,
	`emotions` text DEFAULT '[]' NOT NULL,
	`intensity` real DEFAULT 0 NOT NULL,
	`urgency` text DEFAULT 'low' NOT NULL,
	`satisfaction` real,
	`confidence` real DEFAULT 0 NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_sentiments_conversation_idx` ON `message_sentiments` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `message_sentiments_workspace_idx` ON `message_sentiments` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `popular_tags` (
	`workspace_id` text NOT NULL,
	`tag` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`last_used_at` integer,
	PRIMARY KEY(`workspace_id`, `tag`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `popular_tags_count_idx` ON `popular_tags` (`workspace_id`,`count`);--> statement-breakpoint
CREATE TABLE `sentiment_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`rule_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`agent_id` text,
	`message_id` text,
	`details` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`handoff_id` text,
	`acknowledged_at` integer,
	`acknowledged_by_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rule_id`) REFERENCES `alert_rules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`acknowledged_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sentiment_alerts_cooldown_idx` ON `sentiment_alerts` (`rule_id`,`conversation_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sentiment_alerts_workspace_idx` ON `sentiment_alerts` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `sentiment_daily` (
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`day` text NOT NULL,
	`positive` integer DEFAULT 0 NOT NULL,
	`neutral` integer DEFAULT 0 NOT NULL,
	`negative` integer DEFAULT 0 NOT NULL,
	`score_sum` real DEFAULT 0 NOT NULL,
	`urgent` integer DEFAULT 0 NOT NULL,
	`alerts` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `agent_id`, `day`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sentiment_daily_day_idx` ON `sentiment_daily` (`workspace_id`,`day`);--> statement-breakpoint
ALTER TABLE `agents` ADD `ai_features` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_feedback` ADD `resolved_at` integer;--> statement-breakpoint
ALTER TABLE `chat_feedback` ADD `resolved_by_user_id` text;--> statement-breakpoint
ALTER TABLE `chat_feedback` ADD `training_source_id` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `active_agent_id` text;