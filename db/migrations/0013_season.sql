CREATE TABLE `series` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`class_names` text NOT NULL,
	`points_table` text NOT NULL,
	`best_of` integer,
	`tie_breakers` text NOT NULL,
	`qualify_min_races` integer DEFAULT 0 NOT NULL,
	`qualify_top` integer DEFAULT 15 NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `series_events` (
	`series_id` text NOT NULL,
	`event_id` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`requested_by` text,
	`created_at` integer NOT NULL,
	`reviewed_by` text,
	`reviewed_at` integer,
	PRIMARY KEY(`series_id`, `event_id`),
	FOREIGN KEY (`series_id`) REFERENCES `series`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `series_events_event_idx` ON `series_events` (`event_id`);--> statement-breakpoint
CREATE TABLE `series_results` (
	`series_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`class_id` text NOT NULL,
	`event_id` text NOT NULL,
	`class_name` text NOT NULL,
	`team_key` text NOT NULL,
	`user_id` text,
	`horse_id` text,
	`rider_name` text NOT NULL,
	`horse_name` text NOT NULL,
	`division` integer,
	`place` integer,
	`total_ms` integer,
	`money_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`series_id`, `entry_id`),
	FOREIGN KEY (`series_id`) REFERENCES `series`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `race_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `race_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `series_results_class_idx` ON `series_results` (`series_id`,`class_name`);--> statement-breakpoint
CREATE INDEX `series_results_user_idx` ON `series_results` (`user_id`);--> statement-breakpoint
CREATE TABLE `series_standings` (
	`series_id` text NOT NULL,
	`class_name` text NOT NULL,
	`division` integer NOT NULL,
	`team_key` text NOT NULL,
	`user_id` text,
	`horse_id` text,
	`rider_name` text NOT NULL,
	`horse_name` text NOT NULL,
	`place` integer NOT NULL,
	`points` integer NOT NULL,
	`races_counted` integer NOT NULL,
	`races_entered` integer NOT NULL,
	`wins` integer NOT NULL,
	`money_cents` integer NOT NULL,
	`fastest_ms` integer,
	`qualified` integer NOT NULL,
	PRIMARY KEY(`series_id`, `class_name`, `division`, `team_key`),
	FOREIGN KEY (`series_id`) REFERENCES `series`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `series_standings_place_idx` ON `series_standings` (`series_id`,`class_name`,`division`,`place`);--> statement-breakpoint
CREATE INDEX `series_standings_user_idx` ON `series_standings` (`user_id`);