-- Searches that stay fast however many past events an association keeps
-- (app/features/events/search-index.server.ts):
-- 1. Housekeeping takes events out of the R*Tree a week after they end. An
--    edit that moves an event's dates (as well as its place) puts it back, so
--    one moved from the past into the future is found again.
DROP TRIGGER IF EXISTS `events_rtree_update`;
--> statement-breakpoint
CREATE TRIGGER `events_rtree_update` AFTER UPDATE OF `latitude`, `longitude`, `id`, `date`, `end_date` ON `events`
BEGIN
  DELETE FROM `events_rtree` WHERE `id` = old.rowid;
  INSERT INTO `events_rtree` (`id`, `min_lat`, `max_lat`, `min_lng`, `max_lng`, `event_id`)
  SELECT new.rowid, new.latitude, new.latitude, new.longitude, new.longitude, new.id
  WHERE new.latitude IS NOT NULL AND new.longitude IS NOT NULL;
END;
--> statement-breakpoint
-- 2. The events of several days by first day: those still running on a
--    search's first day, without walking the month of one-day events before it.
CREATE INDEX `events_multiday_date_geo_idx` ON `events` (`showbill_approved`,`date`,`latitude`,`longitude`,`end_date`) WHERE end_date IS NOT NULL;
