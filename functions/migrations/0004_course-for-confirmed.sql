-- Subscribers confirmed before the course existed start it now: the welcome letter goes on the next
-- drain and the others by their own clock from today, as far as the 30-day purge lets them.
INSERT INTO "course_schedule" ("subscriber_id", "step", "due_at", "started_at")
SELECT "id", 0, now(), now() FROM "subscribers" WHERE "status" = 'confirmed'
ON CONFLICT ("subscriber_id") DO NOTHING;
