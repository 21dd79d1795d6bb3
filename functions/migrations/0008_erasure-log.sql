-- The erasure log lives in a schema of its own that backups leave out and restores never empty, so it
-- outlives every restore. A restore of a backup older than this migration runs it again over the
-- surviving log: hence IF NOT EXISTS.
CREATE SCHEMA IF NOT EXISTS "erasures";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "erasures"."log" (
	"mailbox_hash" text NOT NULL,
	"scope" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_mailbox_hash_scope_pk" PRIMARY KEY("mailbox_hash","scope"),
	CONSTRAINT "log_scope" CHECK ("erasures"."log"."scope" in ('subscription', 'person'))
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "email_hash" text;--> statement-breakpoint
CREATE INDEX "comments_email_hash" ON "comments" USING btree ("email_hash");
