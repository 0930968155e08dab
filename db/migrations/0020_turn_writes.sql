PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_credit_reservations` (
	`idempotency_key` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`amount` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_credit_reservations`("idempotency_key", "workspace_id", "amount", "expires_at", "created_at") SELECT "idempotency_key", "workspace_id", "amount", "expires_at", "created_at" FROM `credit_reservations`;--> statement-breakpoint
DROP TABLE `credit_reservations`;--> statement-breakpoint
ALTER TABLE `__new_credit_reservations` RENAME TO `credit_reservations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `credit_reservations_workspace_idx` ON `credit_reservations` (`workspace_id`,`expires_at`);--> statement-breakpoint
DROP INDEX `messages_provider_idx`;--> statement-breakpoint
DROP INDEX `messages_outbox_idx`;--> statement-breakpoint
CREATE INDEX `messages_provider_idx` ON `messages` (`provider_message_id`) WHERE "messages"."provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_outbox_idx` ON `messages` (`conversation_id`,`id`) WHERE "messages"."delivery_status" = 'pending';