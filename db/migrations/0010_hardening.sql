CREATE TABLE `channel_routes` (
	`channel` text NOT NULL,
	`route_key` text NOT NULL,
	`connection_id` text NOT NULL,
	PRIMARY KEY(`channel`, `route_key`),
	FOREIGN KEY (`connection_id`) REFERENCES `channel_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `channel_routes_connection_idx` ON `channel_routes` (`connection_id`);--> statement-breakpoint
CREATE TABLE `credit_reservations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`amount` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_reservations_key_idx` ON `credit_reservations` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_reservations_workspace_idx` ON `credit_reservations` (`workspace_id`,`expires_at`);--> statement-breakpoint
ALTER TABLE `user_credits` ADD `held_credits` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `free_credits_granted_at` integer;--> statement-breakpoint
CREATE INDEX `feedback_workspace_idx` ON `chat_feedback` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `messages_workspace_idx` ON `messages` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `sources_workspace_idx` ON `embedding_sources` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `embeddings_workspace_idx` ON `embeddings` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `semantic_cache_workspace_idx` ON `semantic_cache` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `agent_integrations_workspace_idx` ON `agent_integrations` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `calendar_events_workspace_idx` ON `calendar_events` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `crm_links_workspace_idx` ON `crm_links` (`workspace_id`);--> statement-breakpoint
-- Data (issue 11). Instagram routing keys: account ids first (what Meta documents as entry.id),
-- oldest connection first, so a page id colliding with an account id or an earlier page id is left
-- out and cannot hijack routing.
INSERT OR IGNORE INTO `channel_routes` (`channel`, `route_key`, `connection_id`)
	SELECT 'instagram', `external_id`, `id` FROM `channel_connections` WHERE `channel` = 'instagram' ORDER BY `created_at`;
--> statement-breakpoint
INSERT OR IGNORE INTO `channel_routes` (`channel`, `route_key`, `connection_id`)
	SELECT 'instagram', json_extract(`config`, '$.pageId'), `id` FROM `channel_connections`
	WHERE `channel` = 'instagram' AND json_extract(`config`, '$.pageId') IS NOT NULL ORDER BY `created_at`;
--> statement-breakpoint
-- Free credits are given once per user: owners of a workspace already got theirs.
UPDATE `users` SET `free_credits_granted_at` = `created_at` WHERE `id` IN (SELECT `owner_id` FROM `workspaces`);
