CREATE TABLE `series_classes` (
	`series_id` text NOT NULL,
	`class_id` text NOT NULL,
	`class_name` text NOT NULL,
	`team_keys` text NOT NULL,
	PRIMARY KEY(`series_id`, `class_id`),
	FOREIGN KEY (`series_id`) REFERENCES `series`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `series_classes_class_idx` ON `series_classes` (`class_id`);--> statement-breakpoint
CREATE TABLE `series_stale` (
	`series_id` text NOT NULL,
	`class_id` text NOT NULL,
	PRIMARY KEY(`series_id`, `class_id`)
);
--> statement-breakpoint
CREATE TABLE `series_tallies` (
	`series_id` text NOT NULL,
	`class_name` text NOT NULL,
	`team_key` text NOT NULL,
	`user_id` text,
	`rider_id` integer,
	`horse_id` text,
	`races` text NOT NULL,
	PRIMARY KEY(`series_id`, `class_name`, `team_key`),
	FOREIGN KEY (`series_id`) REFERENCES `series`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `series_tallies_user_idx` ON `series_tallies` (`user_id`);--> statement-breakpoint
CREATE TABLE `member_numbers` (
	`number` text PRIMARY KEY NOT NULL,
	`holder_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_numbers_holder_idx` ON `member_numbers` (`holder_key`);--> statement-breakpoint
CREATE TABLE `membership_years` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`kinds` text NOT NULL,
	`number_prefix` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` text PRIMARY KEY NOT NULL,
	`year_id` text NOT NULL,
	`holder_key` text NOT NULL,
	`user_id` text,
	`rider_id` integer,
	`name` text NOT NULL,
	`email` text,
	`kind` text NOT NULL,
	`birth_date` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`number` text,
	`dues_cents` integer NOT NULL,
	`paid_method` text,
	`paid_reference` text,
	`paid_at` integer,
	`starts_on` text,
	`requested_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`year_id`) REFERENCES `membership_years`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_holder_idx` ON `memberships` (`year_id`,`holder_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_number_idx` ON `memberships` (`year_id`,`number`);--> statement-breakpoint
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`);--> statement-breakpoint
CREATE INDEX `memberships_email_idx` ON `memberships` (`email`);--> statement-breakpoint
CREATE INDEX `memberships_year_status_idx` ON `memberships` (`year_id`,`status`);--> statement-breakpoint
-- Standings are now kept from running totals per team: every class counted so far is brought into
-- them before the standings are next read (series_stale), and the old copy of the results goes.
INSERT OR IGNORE INTO `series_stale` (`series_id`, `class_id`) SELECT DISTINCT `series_id`, `class_id` FROM `series_results`;--> statement-breakpoint
DELETE FROM `series_standings`;--> statement-breakpoint
DROP TABLE `series_results`;--> statement-breakpoint
ALTER TABLE `series` ADD `members_only` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `series` ADD `points_from` text DEFAULT 'MEMBERSHIP_START' NOT NULL;--> statement-breakpoint
ALTER TABLE `series` ADD `points_by` text DEFAULT 'PLACE_AMONG_MEMBERS' NOT NULL;;--> statement-breakpoint
-- A counted class's results deleted outside a publish (the class, an entry or the event deleted): its
-- standings are brought up to date before they are next read.
CREATE TRIGGER `series_stale_result_delete` AFTER DELETE ON `race_results`
BEGIN
  INSERT OR IGNORE INTO `series_stale` (`series_id`, `class_id`) SELECT `series_id`, `class_id` FROM `series_classes` WHERE `class_id` = OLD.`class_id`;
END;--> statement-breakpoint
-- A counted entry's rider or horse changed (an account deleted leaves a walk-up): the same.
CREATE TRIGGER `series_stale_entry_update` AFTER UPDATE OF `user_id`, `rider_id`, `horse_id`, `rider_name`, `horse_name` ON `race_entries`
BEGIN
  INSERT OR IGNORE INTO `series_stale` (`series_id`, `class_id`) SELECT `series_id`, `class_id` FROM `series_classes` WHERE `class_id` = NEW.`class_id`;
END;