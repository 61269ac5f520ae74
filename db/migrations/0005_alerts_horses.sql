CREATE TABLE `horse_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`horse_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`file_key` text NOT NULL,
	`file_name` text,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`issued_on` text,
	`expires_on` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`horse_id`) REFERENCES `horses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `horse_documents_horse_idx` ON `horse_documents` (`horse_id`);--> statement-breakpoint
CREATE INDEX `horse_documents_expires_idx` ON `horse_documents` (`expires_on`);--> statement-breakpoint
CREATE TABLE `horses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`rider_id` integer,
	`name` text NOT NULL,
	`registered_name` text,
	`year_foaled` integer,
	`sex` text,
	`color` text,
	`photo_url` text,
	`notes` text,
	`retired_at` integer,
	`shared` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `horses_user_name_idx` ON `horses` (`user_id`,`name`);--> statement-breakpoint
CREATE TABLE `alert_digest_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`url` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_digest_items_user_idx` ON `alert_digest_items` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `alert_preferences` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`email` text NOT NULL,
	`push` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_unsubscribes` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`payload` text,
	`due_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`started_at` integer,
	`finished_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_key_unique` ON `jobs` (`key`);--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`due_at`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`finished_at`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`user_agent` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`zip_code` text(5),
	`city_state` text,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`radius` integer NOT NULL,
	`min_lat` real NOT NULL,
	`max_lat` real NOT NULL,
	`min_lng` real NOT NULL,
	`max_lng` real NOT NULL,
	`start_date` text,
	`end_date` text,
	`arena_type` text,
	`ground_type` text,
	`min_added_money` integer,
	`event_type` text,
	`email` text DEFAULT 'instant' NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`);--> statement-breakpoint
ALTER TABLE `events` ADD `status` text DEFAULT 'SCHEDULED' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `status_reason` text;--> statement-breakpoint
ALTER TABLE `events` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `entries_close` text;--> statement-breakpoint
ALTER TABLE `events` ADD `entries_close_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `entry_contact` text;--> statement-breakpoint
ALTER TABLE `run_logs` ADD `horse_id` text REFERENCES horses(id) ON DELETE set null;--> statement-breakpoint
-- Runs logged before runs carried their own time were run when they were logged.
ALTER TABLE `run_logs` ADD `run_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `run_logs` SET `run_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `run_logs_user_run_at_idx` ON `run_logs` (`user_id`,`run_at`);--> statement-breakpoint
CREATE INDEX `run_logs_horse_idx` ON `run_logs` (`horse_id`);--> statement-breakpoint
-- Each horse an account logged runs with becomes a horse record of that
-- account. Names that differ only in case or outer spaces ("Dash", "dash",
-- " Dash ") were already one horse in lists and trends, so they stay one: the
-- record takes the spelling used most (the earliest on a tie), trimmed. Each
-- run keeps the name as it was logged and points at its horse.
INSERT INTO `horses` (`id`, `user_id`, `name`, `created_at`, `updated_at`)
  SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
           || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
         g.`user_id`,
         (SELECT trim(r.`horse_name`) FROM `run_logs` r
           WHERE r.`user_id` = g.`user_id` AND lower(trim(r.`horse_name`)) = g.`horse_key`
           GROUP BY trim(r.`horse_name`) ORDER BY count(*) DESC, min(r.`created_at`) LIMIT 1),
         g.`first_run`, g.`last_run`
  FROM (
    SELECT `user_id`, lower(trim(`horse_name`)) AS `horse_key`, min(`created_at`) AS `first_run`, max(`created_at`) AS `last_run`
    FROM `run_logs`
    WHERE `horse_name` IS NOT NULL AND trim(`horse_name`) != ''
    GROUP BY `user_id`, lower(trim(`horse_name`))
  ) g;
--> statement-breakpoint
UPDATE `run_logs` SET `horse_id` = (
  SELECT h.`id` FROM `horses` h WHERE h.`user_id` = `run_logs`.`user_id` AND lower(h.`name`) = lower(trim(`run_logs`.`horse_name`))
) WHERE `horse_name` IS NOT NULL AND trim(`horse_name`) != '';
--> statement-breakpoint
-- Saved searches by the box around their circle: an approved event's point
-- finds the searches that may hold it. Kept in step by triggers.
CREATE VIRTUAL TABLE `saved_searches_rtree` USING rtree(`id`, `min_lat`, `max_lat`, `min_lng`, `max_lng`);
--> statement-breakpoint
CREATE TRIGGER `saved_searches_rtree_insert` AFTER INSERT ON `saved_searches`
BEGIN
  INSERT OR REPLACE INTO `saved_searches_rtree` (`id`, `min_lat`, `max_lat`, `min_lng`, `max_lng`)
  VALUES (new.id, new.min_lat, new.max_lat, new.min_lng, new.max_lng);
END;
--> statement-breakpoint
CREATE TRIGGER `saved_searches_rtree_update` AFTER UPDATE OF `min_lat`, `max_lat`, `min_lng`, `max_lng` ON `saved_searches`
BEGIN
  UPDATE `saved_searches_rtree` SET `min_lat` = new.min_lat, `max_lat` = new.max_lat, `min_lng` = new.min_lng, `max_lng` = new.max_lng
  WHERE `id` = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `saved_searches_rtree_delete` AFTER DELETE ON `saved_searches`
BEGIN
  DELETE FROM `saved_searches_rtree` WHERE `id` = old.id;
END;
