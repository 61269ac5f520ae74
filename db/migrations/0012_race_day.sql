CREATE TABLE `race_classes` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`entry_fee_cents` integer DEFAULT 0 NOT NULL,
	`added_money_cents` integer DEFAULT 0 NOT NULL,
	`producer_share_percent` integer DEFAULT 0 NOT NULL,
	`divisions` integer DEFAULT 1 NOT NULL,
	`split_ms` text NOT NULL,
	`max_horses_per_rider` integer DEFAULT 3 NOT NULL,
	`payout` text NOT NULL,
	`sidepot_of` text,
	`draw_seed` text,
	`draw_min_gap` integer DEFAULT 5 NOT NULL,
	`drag_every` integer DEFAULT 5 NOT NULL,
	`drawn_at` integer,
	`draw_published_at` integer,
	`results_published_at` integer,
	`results_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `race_classes_event_idx` ON `race_classes` (`event_id`,`position`);--> statement-breakpoint
CREATE TABLE `race_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`class_id` text NOT NULL,
	`user_id` text,
	`rider_id` integer,
	`rider_name` text NOT NULL,
	`horse_id` text,
	`horse_name` text NOT NULL,
	`back_number` integer,
	`paid` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'ENTERED' NOT NULL,
	`late` integer DEFAULT false NOT NULL,
	`draw_position` integer,
	`drags_before` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`scratched_at` integer,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `race_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`horse_id`) REFERENCES `horses`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `race_entries_class_idx` ON `race_entries` (`class_id`,`draw_position`);--> statement-breakpoint
CREATE INDEX `race_entries_event_idx` ON `race_entries` (`event_id`);--> statement-breakpoint
CREATE INDEX `race_entries_user_idx` ON `race_entries` (`user_id`);--> statement-breakpoint
CREATE INDEX `race_entries_horse_idx` ON `race_entries` (`horse_id`);--> statement-breakpoint
CREATE TABLE `race_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`class_id` text,
	`entry_id` text,
	`actor_id` text,
	`action` text NOT NULL,
	`detail` text,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `race_history_event_idx` ON `race_history` (`event_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `race_payout_overrides` (
	`class_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`class_id`, `entry_id`),
	FOREIGN KEY (`class_id`) REFERENCES `race_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `race_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `race_results` (
	`entry_id` text PRIMARY KEY NOT NULL,
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
	FOREIGN KEY (`entry_id`) REFERENCES `race_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `race_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_log_id`) REFERENCES `run_logs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `race_results_class_idx` ON `race_results` (`class_id`,`division`,`place`);--> statement-breakpoint
CREATE INDEX `race_results_event_idx` ON `race_results` (`event_id`);--> statement-breakpoint
CREATE TABLE `race_timers` (
	`event_id` text NOT NULL,
	`user_id` text NOT NULL,
	`added_by` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `race_timers_user_idx` ON `race_timers` (`user_id`);--> statement-breakpoint
CREATE TABLE `race_times` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`class_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`client_id` text NOT NULL,
	`outcome` text NOT NULL,
	`time_ms` integer,
	`penalties` integer DEFAULT 0 NOT NULL,
	`voided_at` integer,
	`void_reason` text,
	`recorded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `race_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `race_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `race_times_event_client_idx` ON `race_times` (`event_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `race_times_entry_idx` ON `race_times` (`entry_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `race_times_class_idx` ON `race_times` (`class_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `race_times_event_recorded_idx` ON `race_times` (`event_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `run_logs` ADD `official` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `run_logs` ADD `race_entry_id` text;--> statement-breakpoint
ALTER TABLE `run_logs` ADD `penalties` integer;--> statement-breakpoint
ALTER TABLE `run_logs` ADD `money_cents` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `run_logs_race_entry_idx` ON `run_logs` (`race_entry_id`);