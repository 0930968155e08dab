CREATE TABLE `agent_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`examples` text NOT NULL,
	`parameters` text DEFAULT '[]' NOT NULL,
	`action` text NOT NULL,
	`response_template` text,
	`is_active` integer DEFAULT true NOT NULL,
	`priority` integer DEFAULT 5 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `intents_agent_idx` ON `agent_intents` (`agent_id`);--> statement-breakpoint
CREATE INDEX `intents_workspace_idx` ON `agent_intents` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `chat_feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`session_id` text NOT NULL,
	`user_message` text,
	`agent_response` text NOT NULL,
	`feedback_type` text NOT NULL,
	`observation` text,
	`context` text,
	`weight` real DEFAULT 1 NOT NULL,
	`resolved` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feedback_agent_idx` ON `chat_feedback` (`agent_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`sender_id` text,
	`sender_type` text NOT NULL,
	`sender_name` text,
	`content` text NOT NULL,
	`message_type` text DEFAULT 'text' NOT NULL,
	`attachments` text,
	`metadata` text,
	`is_read` integer DEFAULT false NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `ai_models_config` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`display_name` text NOT NULL,
	`api_key` text,
	`base_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`available_models` text DEFAULT '[]' NOT NULL,
	`selected_models` text DEFAULT '[]' NOT NULL,
	`last_tested` integer,
	`test_status` text DEFAULT 'untested' NOT NULL,
	`error_message` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ai_models_config_provider_unique` ON `ai_models_config` (`provider`);--> statement-breakpoint
CREATE TABLE `system_prompts` (
	`id` text PRIMARY KEY NOT NULL,
	`content` text NOT NULL,
	`version` integer NOT NULL,
	`change_description` text,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `system_prompts_version_unique` ON `system_prompts` (`version`);--> statement-breakpoint
ALTER TABLE `agents` ADD `voice_tone` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `ai_provider` text DEFAULT 'openai' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `ai_model` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `personality` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `personality_mode` text DEFAULT 'simplificado' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `personality_preset` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `personality_settings` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `agent_mission` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `agent_audience` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `special_instructions` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `unknown_response_message` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `error_response_message` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `greeting_message` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `enable_custom_error_responses` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `avoided_themes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `avoided_words` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `allowed_domains` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `custom_personality_sections` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `profile_fields_order` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `company_name` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `company_website` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `company_segment` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `company_details` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `conversation_settings` text DEFAULT '{"useEmojis":true,"restrictTopics":true,"splitLongMessages":true,"allowReminders":true,"responseTime":5,"maxInteractionsPerService":"100 interações","actionOnLimit":"Bloquear por 1 hora","timezone":"America/Sao_Paulo","webSearch":false,"autoAddToFunnel":false,"followUpSettings":[]}' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `last_trained_hash` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `training_status` text DEFAULT 'untrained' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `trained_at` integer;--> statement-breakpoint
ALTER TABLE `agents` ADD `config_hash` text DEFAULT '' NOT NULL;