CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `race_checks` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`payee_key` text NOT NULL,
	`payee_name` text NOT NULL,
	`number` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`written_by` text,
	`written_at` integer NOT NULL,
	`voided_at` integer,
	`void_reason` text,
	`voided_by` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`written_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`voided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `race_checks_number_idx` ON `race_checks` (`event_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `race_checks_open_idx` ON `race_checks` (`event_id`,`payee_key`) WHERE voided_at IS NULL;--> statement-breakpoint
ALTER TABLE `race_entries` ADD `paid_method` text;--> statement-breakpoint
ALTER TABLE `race_entries` ADD `paid_reference` text;