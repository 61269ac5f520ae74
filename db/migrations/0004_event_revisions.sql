CREATE TABLE `event_revisions` (
	`event_id` text PRIMARY KEY NOT NULL,
	`changes` text NOT NULL,
	`showbill_changed` integer DEFAULT false NOT NULL,
	`showbill_url` text,
	`submitted_by` text,
	`submitted_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submitted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `events` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `events_creator_client_idx` ON `events` (`created_by`,`client_id`);--> statement-breakpoint
-- One open report per rider per event: repeats already stored are closed as
-- dismissed (the first one stays open) before the unique index is built.
UPDATE `event_reports` SET `status` = 'DISMISSED', `reviewed_at` = (unixepoch() * 1000)
WHERE `status` = 'PENDING' AND `id` NOT IN (
  SELECT min(`id`) FROM `event_reports` WHERE `status` = 'PENDING' GROUP BY `reporter_id`, `event_id`
);--> statement-breakpoint
CREATE UNIQUE INDEX `event_reports_open_idx` ON `event_reports` (`reporter_id`,`event_id`) WHERE status = 'PENDING';