CREATE TABLE `on_deck_choices` (
	`user_id` text PRIMARY KEY NOT NULL,
	`runs_out` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `on_deck_sent` (
	`entry_id` text NOT NULL,
	`threshold` integer NOT NULL,
	`user_id` text NOT NULL,
	`runs_ahead` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`entry_id`, `threshold`, `user_id`),
	FOREIGN KEY (`entry_id`) REFERENCES `race_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `race_gate_calls` (
	`entry_id` text NOT NULL,
	`event_id` text NOT NULL,
	`call` integer NOT NULL,
	`called_by` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`entry_id`, `call`),
	FOREIGN KEY (`entry_id`) REFERENCES `race_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`called_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `race_gate_calls_event_idx` ON `race_gate_calls` (`event_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `race_classes` ADD `posted_start` text;