DROP INDEX `race_times_entry_idx`;--> statement-breakpoint
DROP INDEX `race_times_class_idx`;--> statement-breakpoint
DROP INDEX `race_times_event_recorded_idx`;--> statement-breakpoint
-- When the rider ran; the times already taken were taken when the server received them.
ALTER TABLE `race_times` ADD `recorded_at` integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE `race_times` SET `recorded_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `race_times_entry_idx` ON `race_times` (`entry_id`,`recorded_at`);--> statement-breakpoint
CREATE INDEX `race_times_class_idx` ON `race_times` (`class_id`,`recorded_at`);--> statement-breakpoint
CREATE INDEX `race_times_event_recorded_idx` ON `race_times` (`event_id`,`recorded_at`);--> statement-breakpoint
ALTER TABLE `race_classes` ADD `exhibition_fee_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `race_entries` ADD `exhibition` integer DEFAULT false NOT NULL;