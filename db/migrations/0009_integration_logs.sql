CREATE TABLE `calendar_events` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`conversation_id` text,
	`google_event_id` text NOT NULL,
	`calendar_id` text NOT NULL,
	`summary` text NOT NULL,
	`description` text,
	`location` text,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`attendee_emails` text DEFAULT '[]' NOT NULL,
	`meet_link` text,
	`action_type` text NOT NULL,
	`previous_event_data` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_by_ai` integer DEFAULT true NOT NULL,
	`cancelled_at` integer,
	`user_message` text,
	`ai_response` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_events_agent_idx` ON `calendar_events` (`agent_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `calendar_events_google_idx` ON `calendar_events` (`google_event_id`);--> statement-breakpoint
CREATE TABLE `crm_links` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`provider` text NOT NULL,
	`customer_key` text NOT NULL,
	`person_id` text,
	`organization_id` text,
	`deal_id` text,
	`last_sync_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crm_links_customer_idx` ON `crm_links` (`agent_id`,`provider`,`customer_key`);--> statement-breakpoint
CREATE TABLE `platform_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by_user_id` text,
	`updated_at` integer NOT NULL
);
