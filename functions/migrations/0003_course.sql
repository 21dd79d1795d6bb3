CREATE TABLE "course_schedule" (
	"subscriber_id" uuid PRIMARY KEY NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_schedule_step" CHECK ("course_schedule"."step" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_kind";--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "course_step" smallint;--> statement-breakpoint
ALTER TABLE "course_schedule" ADD CONSTRAINT "course_schedule_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_schedule_due" ON "course_schedule" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_course_letter" ON "mail_queue" USING btree ("subscriber_id","course_step") WHERE "mail_queue"."course_step" is not null;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_course_step" CHECK (("mail_queue"."kind" = 'course') = ("mail_queue"."course_step" is not null) and "mail_queue"."course_step" between 0 and 4);--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_kind" CHECK ("mail_queue"."kind" in ('confirm', 'moderation', 'course'));