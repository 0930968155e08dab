CREATE TABLE `agent_integrations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text DEFAULT 'default' NOT NULL,
	`config` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`status` text DEFAULT 'configured' NOT NULL,
	`last_tested_at` integer,
	`test_status` text,
	`test_message` text,
	`last_sync_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_integrations_agent_idx` ON `agent_integrations` (`agent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `agent_integrations_unique_idx` ON `agent_integrations` (`agent_id`,`kind`,`name`);