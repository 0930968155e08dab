CREATE TABLE `stored_files` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`workspace_id` text,
	`owner_user_id` text,
	`agent_id` text,
	`ref_id` text,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`storage_path` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stored_files_workspace_idx` ON `stored_files` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `stored_files_ref_idx` ON `stored_files` (`purpose`,`ref_id`);--> statement-breakpoint
CREATE INDEX `stored_files_owner_idx` ON `stored_files` (`owner_user_id`);--> statement-breakpoint
CREATE TABLE `academy_certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`course_id` text NOT NULL,
	`verification_code` text NOT NULL,
	`recipient_name` text NOT NULL,
	`course_title` text NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `academy_courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `academy_certificates_user_course_idx` ON `academy_certificates` (`user_id`,`course_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `academy_certificates_code_idx` ON `academy_certificates` (`verification_code`);--> statement-breakpoint
CREATE TABLE `academy_course_access` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`plan_id` text,
	`workspace_id` text,
	FOREIGN KEY (`course_id`) REFERENCES `academy_courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `academy_course_access_course_idx` ON `academy_course_access` (`course_id`);--> statement-breakpoint
CREATE INDEX `academy_course_access_workspace_idx` ON `academy_course_access` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `academy_courses` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`outcomes` text DEFAULT '[]' NOT NULL,
	`difficulty_level` text DEFAULT 'beginner' NOT NULL,
	`access_level` text DEFAULT 'public' NOT NULL,
	`is_published` integer DEFAULT false NOT NULL,
	`published_at` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`thumbnail_file_id` text,
	`seed_key` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`thumbnail_file_id`) REFERENCES `stored_files`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `academy_courses_published_idx` ON `academy_courses` (`is_published`,`sort_order`);--> statement-breakpoint
CREATE UNIQUE INDEX `academy_courses_seed_key_idx` ON `academy_courses` (`seed_key`);--> statement-breakpoint
CREATE TABLE `academy_enrollments` (
	`user_id` text NOT NULL,
	`course_id` text NOT NULL,
	`last_lesson_id` text,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `academy_courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `academy_enrollments_course_idx` ON `academy_enrollments` (`course_id`);--> statement-breakpoint
CREATE TABLE `academy_lesson_materials` (
	`id` text PRIMARY KEY NOT NULL,
	`lesson_id` text NOT NULL,
	`file_id` text NOT NULL,
	`title` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `academy_lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `stored_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `academy_lesson_materials_lesson_idx` ON `academy_lesson_materials` (`lesson_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `academy_lesson_progress` (
	`user_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`course_id` text NOT NULL,
	`percent` integer DEFAULT 0 NOT NULL,
	`position_seconds` integer DEFAULT 0 NOT NULL,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `academy_lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `academy_courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `academy_lesson_progress_course_idx` ON `academy_lesson_progress` (`user_id`,`course_id`);--> statement-breakpoint
CREATE TABLE `academy_lessons` (
	`id` text PRIMARY KEY NOT NULL,
	`module_id` text NOT NULL,
	`course_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`lesson_type` text DEFAULT 'video' NOT NULL,
	`content_md` text DEFAULT '' NOT NULL,
	`video_file_id` text,
	`embed_url` text,
	`duration_seconds` integer DEFAULT 0 NOT NULL,
	`processing_status` text DEFAULT 'pending' NOT NULL,
	`processing_error` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`module_id`) REFERENCES `academy_modules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `academy_courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_file_id`) REFERENCES `stored_files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `academy_lessons_module_idx` ON `academy_lessons` (`module_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `academy_lessons_course_idx` ON `academy_lessons` (`course_id`);--> statement-breakpoint
CREATE TABLE `academy_modules` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `academy_courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `academy_modules_course_idx` ON `academy_modules` (`course_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `academy_quiz_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`quiz_id` text NOT NULL,
	`user_id` text NOT NULL,
	`attempt_number` integer NOT NULL,
	`answers` text DEFAULT '{}' NOT NULL,
	`score` integer,
	`passed` integer DEFAULT false NOT NULL,
	`started_at` integer NOT NULL,
	`submitted_at` integer,
	FOREIGN KEY (`quiz_id`) REFERENCES `academy_quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `academy_quiz_attempts_number_idx` ON `academy_quiz_attempts` (`quiz_id`,`user_id`,`attempt_number`);--> statement-breakpoint
CREATE TABLE `academy_quiz_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`quiz_id` text NOT NULL,
	`prompt` text NOT NULL,
	`kind` text DEFAULT 'single' NOT NULL,
	`options` text NOT NULL,
	`correct_option_ids` text NOT NULL,
	`explanation` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`quiz_id`) REFERENCES `academy_quizzes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `academy_quiz_questions_quiz_idx` ON `academy_quiz_questions` (`quiz_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `academy_quizzes` (
	`id` text PRIMARY KEY NOT NULL,
	`module_id` text NOT NULL,
	`course_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`passing_score` integer DEFAULT 70 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`time_limit_minutes` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`module_id`) REFERENCES `academy_modules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `academy_courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `academy_quizzes_module_idx` ON `academy_quizzes` (`module_id`);--> statement-breakpoint
CREATE INDEX `academy_quizzes_course_idx` ON `academy_quizzes` (`course_id`);--> statement-breakpoint
CREATE TABLE `academy_recording_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`frame_rate` integer NOT NULL,
	`with_microphone` integer DEFAULT true NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `feature_suggestion_votes` (
	`suggestion_id` text NOT NULL,
	`user_id` text NOT NULL,
	`vote_type` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`suggestion_id`, `user_id`),
	FOREIGN KEY (`suggestion_id`) REFERENCES `feature_suggestions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feature_suggestion_votes_user_idx` ON `feature_suggestion_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `feature_suggestions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text DEFAULT 'geral' NOT NULL,
	`status` text DEFAULT 'pendente' NOT NULL,
	`priority` text DEFAULT 'média' NOT NULL,
	`up_votes` integer DEFAULT 0 NOT NULL,
	`down_votes` integer DEFAULT 0 NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`merged_into_id` text,
	`admin_reply` text,
	`admin_reply_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `feature_suggestions_score_idx` ON `feature_suggestions` (`score`,`created_at`);--> statement-breakpoint
CREATE INDEX `feature_suggestions_status_idx` ON `feature_suggestions` (`status`,`score`);--> statement-breakpoint
CREATE INDEX `feature_suggestions_merged_idx` ON `feature_suggestions` (`merged_into_id`);--> statement-breakpoint
CREATE TABLE `support_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text NOT NULL,
	`author_user_id` text,
	`author_role` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `support_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_messages_request_idx` ON `support_messages` (`request_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `support_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`origin_workspace_id` text,
	`type` text NOT NULL,
	`subject` text NOT NULL,
	`description` text NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`page_url` text,
	`user_agent` text,
	`app_version` text,
	`last_reply_at` integer,
	`last_reply_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`origin_workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_requests_user_idx` ON `support_requests` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `support_requests_status_idx` ON `support_requests` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `support_requests_created_idx` ON `support_requests` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `sentiment_alerts_workspace_idx`;--> statement-breakpoint
CREATE INDEX `sentiment_alerts_workspace_idx` ON `sentiment_alerts` (`workspace_id`,`created_at`,`id`);