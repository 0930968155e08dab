CREATE TABLE `channel_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`channel` text NOT NULL,
	`external_id` text NOT NULL,
	`config` text NOT NULL,
	`configured` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `channel_connections_workspace_idx` ON `channel_connections` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `channel_connections_agent_idx` ON `channel_connections` (`agent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `channel_connections_external_idx` ON `channel_connections` (`channel`,`external_id`);--> statement-breakpoint
CREATE TABLE `inbound_message_ids` (
	`provider` text NOT NULL,
	`provider_message_id` text NOT NULL,
	`received_at` integer NOT NULL,
	PRIMARY KEY(`provider`, `provider_message_id`)
);
