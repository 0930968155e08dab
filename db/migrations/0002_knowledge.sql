CREATE TABLE `embedding_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`source_type` text NOT NULL,
	`title` text NOT NULL,
	`content` text,
	`image_url` text,
	`url` text,
	`subpages` text DEFAULT '[]' NOT NULL,
	`update_frequency` text DEFAULT 'never' NOT NULL,
	`file_name` text,
	`file_path` text,
	`mime_type` text,
	`size_bytes` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`error_message` text,
	`content_hash` text,
	`version` integer DEFAULT 0 NOT NULL,
	`chunk_count` integer DEFAULT 0 NOT NULL,
	`embedder` text,
	`last_processed_at` integer,
	`next_refresh_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sources_agent_idx` ON `embedding_sources` (`agent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sources_refresh_idx` ON `embedding_sources` (`next_refresh_at`);--> statement-breakpoint
CREATE TABLE `embeddings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`source_id` text NOT NULL,
	`source_type` text NOT NULL,
	`source` text NOT NULL,
	`type` text DEFAULT 'chunk' NOT NULL,
	`content` text NOT NULL,
	`content_hash` text NOT NULL,
	`chunk_index` integer NOT NULL,
	`embedding` F32_BLOB(384) NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_id`) REFERENCES `embedding_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `embeddings_agent_idx` ON `embeddings` (`agent_id`);--> statement-breakpoint
CREATE INDEX `embeddings_source_idx` ON `embeddings` (`source_id`,`chunk_index`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text,
	`user_id` text,
	`workspace_id` text,
	`type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`data` text NOT NULL,
	`result` text,
	`error` text,
	`progress` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 5 NOT NULL,
	`run_after` integer NOT NULL,
	`lease_until` integer,
	`dedupe_key` text,
	`started_at` integer,
	`completed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_claim_idx` ON `jobs` (`status`,`run_after`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_dedupe_idx` ON `jobs` (`dedupe_key`);--> statement-breakpoint
CREATE TABLE `semantic_cache` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`question` text NOT NULL,
	`embedding` F32_BLOB(384) NOT NULL,
	`answer` text NOT NULL,
	`cache_key` text NOT NULL,
	`hits` integer DEFAULT 0 NOT NULL,
	`saved_milli_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `semantic_cache_agent_idx` ON `semantic_cache` (`agent_id`,`cache_key`);