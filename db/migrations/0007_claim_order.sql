DROP INDEX `jobs_claim_idx`;--> statement-breakpoint
CREATE INDEX `jobs_claim_idx` ON `jobs` (`status`,`run_after`,`id`);