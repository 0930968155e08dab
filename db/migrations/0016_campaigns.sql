CREATE TABLE `campaign_contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`list_id` text NOT NULL,
	`contact_id` text,
	`lead_id` text,
	`name` text,
	`phone` text NOT NULL,
	`company` text,
	`role` text,
	`city` text,
	`source` text DEFAULT 'manual' NOT NULL,
	`validation_status` text DEFAULT 'pending' NOT NULL,
	`extra` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `campaign_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_contacts_list_phone_idx` ON `campaign_contacts` (`list_id`,`phone`);--> statement-breakpoint
CREATE INDEX `campaign_contacts_list_created_idx` ON `campaign_contacts` (`list_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `campaign_contacts_workspace_phone_idx` ON `campaign_contacts` (`workspace_id`,`phone`);--> statement-breakpoint
CREATE TABLE `campaign_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`contact_count` integer DEFAULT 0 NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_lists_name_idx` ON `campaign_lists` (`workspace_id`,`name`);--> statement-breakpoint
CREATE INDEX `campaign_lists_workspace_idx` ON `campaign_lists` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `campaign_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`position` integer NOT NULL,
	`content` text NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_messages_position_idx` ON `campaign_messages` (`campaign_id`,`position`);--> statement-breakpoint
CREATE TABLE `campaign_opt_outs` (
	`workspace_id` text NOT NULL,
	`phone` text NOT NULL,
	`reason` text NOT NULL,
	`campaign_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `phone`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_opt_outs_workspace_created_idx` ON `campaign_opt_outs` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `campaign_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`campaign_contact_id` text NOT NULL,
	`connection_id` text,
	`phone` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`variant` integer,
	`provider_message_id` text,
	`conversation_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error_message` text,
	`sent_at` integer,
	`delivered_at` integer,
	`read_at` integer,
	`responded_at` integer,
	`converted_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_sends_contact_idx` ON `campaign_sends` (`campaign_id`,`campaign_contact_id`);--> statement-breakpoint
CREATE INDEX `campaign_sends_queue_idx` ON `campaign_sends` (`campaign_id`,`status`,`priority`,`id`);--> statement-breakpoint
CREATE INDEX `campaign_sends_connection_sent_idx` ON `campaign_sends` (`connection_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `campaign_sends_provider_idx` ON `campaign_sends` (`provider_message_id`) WHERE provider_message_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `campaign_sends_phone_idx` ON `campaign_sends` (`workspace_id`,`phone`,`sent_at`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`list_id` text,
	`connection_id` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`status_reason` text,
	`template` text,
	`media_url` text,
	`media_kind` text,
	`media_name` text,
	`settings` text NOT NULL,
	`pacer_state` text,
	`start_at` integer,
	`started_at` integer,
	`completed_at` integer,
	`total_count` integer DEFAULT 0 NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`delivered_count` integer DEFAULT 0 NOT NULL,
	`read_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`responded_count` integer DEFAULT 0 NOT NULL,
	`converted_count` integer DEFAULT 0 NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `campaign_lists`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`connection_id`) REFERENCES `channel_connections`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaigns_workspace_idx` ON `campaigns` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `campaigns_status_idx` ON `campaigns` (`status`);--> statement-breakpoint
CREATE TABLE `lead_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`source` text DEFAULT 'google_maps' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`leads_count` integer DEFAULT 0 NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_lists_name_idx` ON `lead_lists` (`workspace_id`,`name`);--> statement-breakpoint
CREATE INDEX `lead_lists_workspace_idx` ON `lead_lists` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `lead_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`list_id` text NOT NULL,
	`query` text NOT NULL,
	`location` text,
	`source` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`leads_found` integer DEFAULT 0 NOT NULL,
	`max_results` integer DEFAULT 60 NOT NULL,
	`error_message` text,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `lead_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lead_searches_list_idx` ON `lead_searches` (`list_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`list_id` text NOT NULL,
	`business_name` text NOT NULL,
	`category` text,
	`address` text,
	`city` text,
	`phone` text,
	`website` text,
	`email` text,
	`rating` real,
	`reviews_count` integer,
	`map_url` text,
	`place_id` text,
	`latitude` real,
	`longitude` real,
	`social_profiles` text,
	`opening_hours` text,
	`is_valid_whatsapp` integer,
	`status` text DEFAULT 'new' NOT NULL,
	`contact_id` text,
	`exported_to_contacts_at` integer,
	`exported_to_campaign_at` integer,
	`search_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `lead_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `leads_list_created_idx` ON `leads` (`list_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `leads_list_place_idx` ON `leads` (`list_id`,`place_id`) WHERE place_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `leads_list_phone_idx` ON `leads` (`list_id`,`phone`) WHERE phone IS NOT NULL;--> statement-breakpoint
CREATE TABLE `validation_results` (
	`run_id` text NOT NULL,
	`phone` text NOT NULL,
	`valid` integer,
	`jid` text,
	`verified_name` text,
	`checked_at` integer,
	PRIMARY KEY(`run_id`, `phone`),
	FOREIGN KEY (`run_id`) REFERENCES `validation_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `validation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`connection_id` text,
	`target_kind` text NOT NULL,
	`target_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`total_count` integer DEFAULT 0 NOT NULL,
	`processed_count` integer DEFAULT 0 NOT NULL,
	`valid_count` integer DEFAULT 0 NOT NULL,
	`invalid_count` integer DEFAULT 0 NOT NULL,
	`error_message` text,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `channel_connections`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `validation_runs_workspace_idx` ON `validation_runs` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `conversations` ADD `campaign_id` text;