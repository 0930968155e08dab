CREATE TABLE `contact_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`channel` text NOT NULL,
	`external_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_identities_unique_idx` ON `contact_identities` (`workspace_id`,`channel`,`external_id`);--> statement-breakpoint
CREATE INDEX `contact_identities_contact_idx` ON `contact_identities` (`contact_id`);--> statement-breakpoint
CREATE TABLE `contact_import_files` (
	`import_id` text PRIMARY KEY NOT NULL,
	`csv` text NOT NULL,
	FOREIGN KEY (`import_id`) REFERENCES `contact_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `contact_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text,
	`file_name` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`on_duplicate` text DEFAULT 'skip' NOT NULL,
	`mapping` text NOT NULL,
	`total_rows` integer DEFAULT 0 NOT NULL,
	`processed_rows` integer DEFAULT 0 NOT NULL,
	`created_count` integer DEFAULT 0 NOT NULL,
	`updated_count` integer DEFAULT 0 NOT NULL,
	`skipped_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`report` text DEFAULT '[]' NOT NULL,
	`error` text,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_imports_workspace_idx` ON `contact_imports` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `contact_list_members` (
	`list_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`list_id`, `contact_id`),
	FOREIGN KEY (`list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_list_members_contact_idx` ON `contact_list_members` (`contact_id`);--> statement-breakpoint
CREATE TABLE `contact_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_lists_name_idx` ON `contact_lists` (`workspace_id`,`name`);--> statement-breakpoint
CREATE TABLE `contact_variables` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`variable_name` text NOT NULL,
	`value` text NOT NULL,
	`data_type` text DEFAULT 'string' NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`confidence_score` real DEFAULT 1 NOT NULL,
	`conversation_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_variables_unique_idx` ON `contact_variables` (`contact_id`,`variable_name`);--> statement-breakpoint
CREATE INDEX `contact_variables_workspace_idx` ON `contact_variables` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`company_name` text,
	`job_title` text,
	`gender` text,
	`birth_date` text,
	`website` text,
	`address` text,
	`city` text,
	`state` text,
	`country` text DEFAULT 'Brasil' NOT NULL,
	`zip_code` text,
	`source` text DEFAULT 'manual' NOT NULL,
	`status` text DEFAULT 'lead' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`custom_fields` text DEFAULT '{}' NOT NULL,
	`notes` text,
	`visible_in_funnel` integer DEFAULT true NOT NULL,
	`is_valid_whatsapp` integer,
	`last_contact_at` integer,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contacts_workspace_created_idx` ON `contacts` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contacts_workspace_name_idx` ON `contacts` (`workspace_id`,"name" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `contacts_workspace_last_contact_idx` ON `contacts` (`workspace_id`,ifnull(`last_contact_at`, 0),`id`);--> statement-breakpoint
CREATE INDEX `contacts_workspace_status_idx` ON `contacts` (`workspace_id`,`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_phone_idx` ON `contacts` (`workspace_id`,`phone`) WHERE phone IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_email_idx` ON `contacts` (`workspace_id`,`email`) WHERE email IS NOT NULL;--> statement-breakpoint
CREATE TABLE `conversation_contacts` (
	`conversation_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_contacts_contact_idx` ON `conversation_contacts` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `conversation_contacts_workspace_idx` ON `conversation_contacts` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `deal_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`deal_id` text,
	`contact_id` text,
	`type` text NOT NULL,
	`subject` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`scheduled_at` integer,
	`duration` integer,
	`outcome` text,
	`completed_at` integer,
	`created_by_user_id` text,
	`agent_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deal_activities_deal_idx` ON `deal_activities` (`deal_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `deal_activities_contact_idx` ON `deal_activities` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `deal_activities_due_idx` ON `deal_activities` (`workspace_id`,`status`,`scheduled_at`);--> statement-breakpoint
CREATE TABLE `deal_products` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`name` text NOT NULL,
	`quantity` real DEFAULT 1 NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`discount` real DEFAULT 0 NOT NULL,
	`tax` real DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deal_products_deal_idx` ON `deal_products` (`deal_id`);--> statement-breakpoint
CREATE TABLE `deal_stage_history` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`from_stage_id` text,
	`to_stage_id` text NOT NULL,
	`actor_type` text NOT NULL,
	`user_id` text,
	`agent_id` text,
	`notes` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deal_stage_history_deal_idx` ON `deal_stage_history` (`deal_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `deal_stage_history_workspace_idx` ON `deal_stage_history` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `deals` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`pipeline_id` text NOT NULL,
	`stage_id` text NOT NULL,
	`contact_id` text,
	`owner_user_id` text,
	`title` text NOT NULL,
	`value_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'BRL' NOT NULL,
	`probability` integer,
	`expected_close_date` text,
	`status` text DEFAULT 'open' NOT NULL,
	`lost_reason` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`source` text DEFAULT 'manual' NOT NULL,
	`agent_id` text,
	`conversation_id` text,
	`position` real DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`closed_at` integer,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pipeline_id`) REFERENCES `pipelines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stage_id`) REFERENCES `pipeline_stages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `deals_board_idx` ON `deals` (`stage_id`,`position`);--> statement-breakpoint
CREATE INDEX `deals_stage_value_idx` ON `deals` (`stage_id`,`value_cents`,`probability`);--> statement-breakpoint
CREATE INDEX `deals_workspace_idx` ON `deals` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `deals_contact_idx` ON `deals` (`contact_id`);--> statement-breakpoint
CREATE INDEX `deals_closed_idx` ON `deals` (`workspace_id`,`status`,`closed_at`);--> statement-breakpoint
CREATE INDEX `deals_pipeline_created_idx` ON `deals` (`pipeline_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `deals_pipeline_value_idx` ON `deals` (`pipeline_id`,`value_cents`);--> statement-breakpoint
CREATE INDEX `deals_pipeline_title_idx` ON `deals` (`pipeline_id`,"title" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `deals_pipeline_close_idx` ON `deals` (`pipeline_id`,ifnull(`expected_close_date`, '9999-12-31'));--> statement-breakpoint
CREATE TABLE `pipeline_stages` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`pipeline_id` text NOT NULL,
	`name` text NOT NULL,
	`color` text DEFAULT '#6B7280' NOT NULL,
	`probability` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`is_won` integer DEFAULT false NOT NULL,
	`is_lost` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pipeline_id`) REFERENCES `pipelines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pipeline_stages_pipeline_idx` ON `pipeline_stages` (`pipeline_id`,`position`);--> statement-breakpoint
CREATE INDEX `pipeline_stages_workspace_idx` ON `pipeline_stages` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `pipelines` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pipelines_workspace_idx` ON `pipelines` (`workspace_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `pipelines_default_idx` ON `pipelines` (`workspace_id`) WHERE is_default = 1;--> statement-breakpoint
CREATE TABLE `variable_definitions` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`display_name` text NOT NULL,
	`category` text DEFAULT 'custom' NOT NULL,
	`data_type` text DEFAULT 'string' NOT NULL,
	`format` text,
	`description` text,
	`is_system` integer DEFAULT false NOT NULL,
	`default_value` text,
	`extractable` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `variable_definitions_name_idx` ON `variable_definitions` (`workspace_id`,`name`);--> statement-breakpoint
CREATE TABLE `variable_extractions` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`conversation_id` text,
	`variable_name` text NOT NULL,
	`value` text NOT NULL,
	`confidence_score` real NOT NULL,
	`method` text NOT NULL,
	`applied` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `variable_extractions_contact_idx` ON `variable_extractions` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `variable_extractions_workspace_idx` ON `variable_extractions` (`workspace_id`,`created_at`);
--> statement-breakpoint
-- Contact search (name, e-mail, phone, company) by any fragment of 3+ characters, accents ignored:
-- a trigram index over the contacts' own rows, kept in step by triggers.
CREATE VIRTUAL TABLE `contacts_fts` USING fts5(name, email, phone, company_name, content='contacts', content_rowid='rowid', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_insert` AFTER INSERT ON `contacts` BEGIN
  INSERT INTO contacts_fts(rowid, name, email, phone, company_name) VALUES (new.rowid, new.name, new.email, new.phone, new.company_name);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_delete` AFTER DELETE ON `contacts` BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, name, email, phone, company_name) VALUES ('delete', old.rowid, old.name, old.email, old.phone, old.company_name);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_update` AFTER UPDATE OF name, email, phone, company_name ON `contacts` BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, name, email, phone, company_name) VALUES ('delete', old.rowid, old.name, old.email, old.phone, old.company_name);
  INSERT INTO contacts_fts(rowid, name, email, phone, company_name) VALUES (new.rowid, new.name, new.email, new.phone, new.company_name);
END;
