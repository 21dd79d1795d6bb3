-- Newsletter issues leave through the mail queue: the send log's rows become the queue's `issue`
-- letters, so no reader gets an issue twice after the upgrade. A `sent` row stays sent; a `failed` one
-- stays failed (the next `newsletter send` tries it again); one cut off while `sending` waits, due now,
-- and goes again with the same Message-ID, as the old resume did.
ALTER TABLE "letters_sent" DROP CONSTRAINT "letters_sent_kind";--> statement-breakpoint
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_kind";--> statement-breakpoint
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_status";--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "issue" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_issue_letter" ON "mail_queue" USING btree ("subscriber_id","issue") WHERE "mail_queue"."issue" is not null;--> statement-breakpoint
ALTER TABLE "letters_sent" ADD CONSTRAINT "letters_sent_kind" CHECK ("letters_sent"."kind" in ('confirm', 'moderation', 'course', 'issue'));--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_issue" CHECK (("mail_queue"."kind" = 'issue') = ("mail_queue"."issue" is not null));--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_sent" CHECK ("mail_queue"."status" <> 'sent' or "mail_queue"."kind" = 'issue');--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_kind" CHECK ("mail_queue"."kind" in ('confirm', 'moderation', 'course', 'issue'));--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_status" CHECK ("mail_queue"."status" in ('waiting', 'failed', 'sent'));--> statement-breakpoint
INSERT INTO "mail_queue" ("subscriber_id", "kind", "issue", "status", "attempts", "last_error", "next_attempt_at", "created_at")
SELECT "subscriber_id", 'issue', "issue",
       CASE "status" WHEN 'sending' THEN 'waiting' ELSE "status" END,
       "attempts", "last_error", CASE "status" WHEN 'sending' THEN now() ELSE "updated_at" END, "updated_at"
FROM "newsletter_sends";--> statement-breakpoint
DROP TABLE "newsletter_sends" CASCADE;
