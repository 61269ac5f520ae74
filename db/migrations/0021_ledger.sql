CREATE TABLE `money_closeouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`day` text NOT NULL,
	`through_record_id` integer NOT NULL,
	`figures` text NOT NULL,
	`closed_by` text,
	`closed_by_name` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`reopened_at` integer,
	`reopened_by_record_id` integer,
	`reopen_reason` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `money_closeouts_event_idx` ON `money_closeouts` (`event_id`,`day`);--> statement-breakpoint
CREATE TABLE `money_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`method` text,
	`reference` text,
	`reason` text,
	`label` text,
	`entry_id` text,
	`class_id` text,
	`membership_id` text,
	`user_id` text,
	`payee_key` text,
	`payee_name` text,
	`reverses_id` integer,
	`taken_by` text,
	`taken_by_name` text DEFAULT '' NOT NULL,
	`device` text,
	`day` text NOT NULL,
	`carried` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`taken_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `money_records_event_idx` ON `money_records` (`event_id`,`id`);--> statement-breakpoint
CREATE INDEX `money_records_entry_idx` ON `money_records` (`entry_id`);--> statement-breakpoint
CREATE INDEX `money_records_user_idx` ON `money_records` (`user_id`);--> statement-breakpoint
CREATE INDEX `money_records_day_idx` ON `money_records` (`event_id`,`day`);--> statement-breakpoint
CREATE INDEX `money_records_membership_idx` ON `money_records` (`membership_id`);--> statement-breakpoint
CREATE TABLE `payee_links` (
	`walk_up_key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`linked_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`linked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `race_money_rules` (
	`event_id` text PRIMARY KEY NOT NULL,
	`before_draw` text DEFAULT 'FULL' NOT NULL,
	`scratch_office_fee_cents` integer DEFAULT 0 NOT NULL,
	`after_draw_percent` integer DEFAULT 0 NOT NULL,
	`turn_out_owes` integer DEFAULT true NOT NULL,
	`late_fee_cents` integer DEFAULT 0 NOT NULL,
	`updated_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `race_checks` ADD `cashed_at` integer;--> statement-breakpoint
-- data: the ledger begins with what the books showed: a fee record per paid entry at its class's fee, by the method marked.
INSERT INTO `money_records` (`event_id`, `kind`, `amount_cents`, `method`, `reference`, `entry_id`, `class_id`, `user_id`, `payee_name`, `taken_by_name`, `day`, `carried`, `created_at`)
SELECT e.`event_id`, CASE WHEN e.`paid_method` = 'COMP' THEN 'COMP' ELSE 'FEE' END, c.`entry_fee_cents`, e.`paid_method`, e.`paid_reference`, e.`id`, e.`class_id`, e.`user_id`, e.`rider_name`, '', ev.`date`, 1, CAST(strftime('%s','now') AS INTEGER) * 1000
FROM `race_entries` e JOIN `race_classes` c ON c.`id` = e.`class_id` JOIN `events` ev ON ev.`id` = e.`event_id`
WHERE e.`paid` = 1 ORDER BY ev.`date`, e.`created_at`, e.`id`;--> statement-breakpoint
INSERT INTO `money_records` (`event_id`, `kind`, `amount_cents`, `method`, `reference`, `membership_id`, `user_id`, `payee_name`, `taken_by_name`, `day`, `carried`, `created_at`)
SELECT NULL, 'DUES', CASE WHEN m.`paid_method` = 'COMP' THEN 0 ELSE m.`dues_cents` END, m.`paid_method`, m.`paid_reference`, m.`id`, m.`user_id`, m.`name`, '', coalesce(m.`starts_on`, strftime('%Y-%m-%d', m.`paid_at` / 1000, 'unixepoch')), 1, coalesce(m.`paid_at`, CAST(strftime('%s','now') AS INTEGER) * 1000)
FROM `memberships` m WHERE m.`status` = 'ACTIVE' AND m.`paid_at` IS NOT NULL;--> statement-breakpoint
INSERT INTO `money_records` (`event_id`, `kind`, `amount_cents`, `reference`, `payee_key`, `payee_name`, `taken_by`, `taken_by_name`, `day`, `carried`, `created_at`)
SELECT k.`event_id`, 'CHECK_WRITTEN', k.`amount_cents`, k.`number`, k.`payee_key`, k.`payee_name`, k.`written_by`, '', strftime('%Y-%m-%d', k.`written_at` / 1000, 'unixepoch'), 1, k.`written_at`
FROM `race_checks` k ORDER BY k.`written_at`;--> statement-breakpoint
INSERT INTO `money_records` (`event_id`, `kind`, `amount_cents`, `reference`, `reason`, `payee_key`, `payee_name`, `taken_by`, `taken_by_name`, `day`, `carried`, `created_at`)
SELECT k.`event_id`, 'CHECK_VOIDED', -k.`amount_cents`, k.`number`, k.`void_reason`, k.`payee_key`, k.`payee_name`, k.`voided_by`, '', strftime('%Y-%m-%d', k.`voided_at` / 1000, 'unixepoch'), 1, k.`voided_at`
FROM `race_checks` k WHERE k.`voided_at` IS NOT NULL ORDER BY k.`voided_at`;
