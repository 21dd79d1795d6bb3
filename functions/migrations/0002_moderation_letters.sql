CREATE TABLE "letters_sent" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "letters_sent_day_kind_pk" PRIMARY KEY("day","kind")
);
--> statement-breakpoint
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_kind";--> statement-breakpoint
ALTER TABLE "mail_queue" ALTER COLUMN "subscriber_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "operator_told_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_one_moderation_letter" ON "mail_queue" USING btree ("kind") WHERE "mail_queue"."kind" = 'moderation' and "mail_queue"."status" = 'waiting';--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_recipient" CHECK (("mail_queue"."kind" = 'moderation') = ("mail_queue"."subscriber_id" is null));--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_kind" CHECK ("mail_queue"."kind" in ('confirm', 'moderation'));