DROP INDEX `run_logs_privacy_created_idx`;--> statement-breakpoint
CREATE INDEX `run_logs_privacy_run_at_idx` ON `run_logs` (`privacy`,`run_at`);