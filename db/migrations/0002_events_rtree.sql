-- A spatial index of events: an R*Tree of points (a degenerate box per event),
-- searched with a bounding box and then the exact distance. The R*Tree id is
-- the events rowid (it must be an integer); the auxiliary column event_id is
-- what searches join on, so results never depend on rowids staying put.
CREATE VIRTUAL TABLE `events_rtree` USING rtree(`id`, `min_lat`, `max_lat`, `min_lng`, `max_lng`, +`event_id` TEXT);
--> statement-breakpoint
INSERT INTO `events_rtree` (`id`, `min_lat`, `max_lat`, `min_lng`, `max_lng`, `event_id`)
  SELECT rowid, latitude, latitude, longitude, longitude, id FROM `events`
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `events_rtree_insert` AFTER INSERT ON `events`
WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL
BEGIN
  INSERT OR REPLACE INTO `events_rtree` (`id`, `min_lat`, `max_lat`, `min_lng`, `max_lng`, `event_id`)
  VALUES (new.rowid, new.latitude, new.latitude, new.longitude, new.longitude, new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `events_rtree_update` AFTER UPDATE OF `latitude`, `longitude`, `id` ON `events`
BEGIN
  DELETE FROM `events_rtree` WHERE `id` = old.rowid;
  INSERT INTO `events_rtree` (`id`, `min_lat`, `max_lat`, `min_lng`, `max_lng`, `event_id`)
  SELECT new.rowid, new.latitude, new.latitude, new.longitude, new.longitude, new.id
  WHERE new.latitude IS NOT NULL AND new.longitude IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `events_rtree_delete` AFTER DELETE ON `events`
BEGIN
  DELETE FROM `events_rtree` WHERE `id` = old.rowid;
END;
