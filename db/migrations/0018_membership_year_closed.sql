ALTER TABLE `membership_years` ADD `closed_at` integer;--> statement-breakpoint
-- data: a member number lives with its rider (member_numbers); every membership of the rider shows it.
UPDATE `memberships` SET `number` = '~' || `id` WHERE `number` IS NOT NULL AND EXISTS (SELECT 1 FROM `member_numbers` n WHERE n.`holder_key` = `memberships`.`holder_key` AND n.`number` <> `memberships`.`number`);--> statement-breakpoint
UPDATE `memberships` SET `number` = (SELECT n.`number` FROM `member_numbers` n WHERE n.`holder_key` = `memberships`.`holder_key`) WHERE `number` = '~' || `id`;
