CREATE TABLE `race_go_orders` (
	`class_id` text NOT NULL,
	`go` integer NOT NULL,
	`entry_id` text NOT NULL,
	`position` integer NOT NULL,
	`drags_before` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`class_id`, `go`, `entry_id`),
	FOREIGN KEY (`class_id`) REFERENCES `race_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `race_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `race_go_orders_order_idx` ON `race_go_orders` (`class_id`,`go`,`position`);--> statement-breakpoint
DROP INDEX `run_logs_race_entry_idx`;--> statement-breakpoint
ALTER TABLE `run_logs` ADD `race_round` text DEFAULT '1' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `run_logs_race_entry_idx` ON `run_logs` (`race_entry_id`,`race_round`);--> statement-breakpoint
DROP INDEX `race_times_entry_idx`;--> statement-breakpoint
ALTER TABLE `race_times` ADD `go` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `race_times_entry_idx` ON `race_times` (`entry_id`,`go`,`recorded_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_race_results` (
	`entry_id` text NOT NULL,
	`round` text DEFAULT '1' NOT NULL,
	`class_id` text NOT NULL,
	`event_id` text NOT NULL,
	`outcome` text NOT NULL,
	`time_ms` integer,
	`penalties` integer DEFAULT 0 NOT NULL,
	`total_ms` integer,
	`division` integer,
	`place` integer,
	`payout_cents` integer DEFAULT 0 NOT NULL,
	`run_log_id` text,
	`published_at` integer NOT NULL,
	PRIMARY KEY(`entry_id`, `round`),
	FOREIGN KEY (`entry_id`) REFERENCES `race_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `race_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_log_id`) REFERENCES `run_logs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_race_results`("entry_id", "round", "class_id", "event_id", "outcome", "time_ms", "penalties", "total_ms", "division", "place", "payout_cents", "run_log_id", "published_at") SELECT "entry_id", '1', "class_id", "event_id", "outcome", "time_ms", "penalties", "total_ms", "division", "place", "payout_cents", "run_log_id", "published_at" FROM `race_results`;--> statement-breakpoint
DROP TABLE `race_results`;--> statement-breakpoint
ALTER TABLE `__new_race_results` RENAME TO `race_results`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `race_results_class_idx` ON `race_results` (`class_id`,`division`,`place`);--> statement-breakpoint
CREATE INDEX `race_results_event_idx` ON `race_results` (`event_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `birth_date` text;--> statement-breakpoint
ALTER TABLE `riders` ADD `birth_date` text;--> statement-breakpoint
ALTER TABLE `race_classes` ADD `go_rounds` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `race_classes` ADD `average` text;--> statement-breakpoint
ALTER TABLE `race_classes` ADD `purse_split` text;--> statement-breakpoint
ALTER TABLE `race_classes` ADD `short_go` text;--> statement-breakpoint
ALTER TABLE `race_classes` ADD `go_draws` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `race_classes` ADD `min_age` integer;--> statement-breakpoint
ALTER TABLE `race_classes` ADD `max_age` integer;--> statement-breakpoint
ALTER TABLE `race_classes` ADD `age_on` text DEFAULT 'YEAR_START' NOT NULL;--> statement-breakpoint
ALTER TABLE `race_entries` ADD `birth_date` text;--> statement-breakpoint
ALTER TABLE `race_entries` ADD `carried_from` text;--> statement-breakpoint
-- data: race_results was rebuilt above, which dropped its trigger (0017_members.sql): a counted class's
-- results deleted outside a publish (the class, an entry or the event deleted) mark its standings stale.
CREATE TRIGGER `series_stale_result_delete` AFTER DELETE ON `race_results`
BEGIN
  INSERT OR IGNORE INTO `series_stale` (`series_id`, `class_id`) SELECT `series_id`, `class_id` FROM `series_classes` WHERE `class_id` = OLD.`class_id`;
END;
