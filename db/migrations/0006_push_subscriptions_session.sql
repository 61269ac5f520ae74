-- A device's push subscription belongs to the session it was made in: ending that session
-- (signing out, a password reset, a ban, expiry) removes it.
ALTER TABLE `push_subscriptions` ADD `session_sid` text REFERENCES sessions(sid) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `push_subscriptions_session_idx` ON `push_subscriptions` (`session_sid`);
