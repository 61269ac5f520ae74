-- One open report per rider per rider: repeats already stored are closed as
-- dismissed (the first one stays open) before the unique index is built.
UPDATE `user_reports` SET `status` = 'DISMISSED', `reviewed_at` = (unixepoch() * 1000)
WHERE `status` = 'PENDING' AND `id` NOT IN (
  SELECT min(`id`) FROM `user_reports` WHERE `status` = 'PENDING' GROUP BY `reporter_id`, `reported_user_id`
);--> statement-breakpoint
CREATE UNIQUE INDEX `user_reports_open_idx` ON `user_reports` (`reporter_id`,`reported_user_id`) WHERE status = 'PENDING';
