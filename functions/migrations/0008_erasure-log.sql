-- The erasure log lives in a schema of its own that backups leave out and restores never empty, so it
-- outlives every restore. Idempotent: a restore runs it again (restore.ts), since a backup's own
-- schema_migrations may say it was applied on a database where the log was never made.
CREATE SCHEMA IF NOT EXISTS "erasures";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "erasures"."log" (
	"mailbox_hash" text NOT NULL,
	"scope" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_mailbox_hash_scope_pk" PRIMARY KEY("mailbox_hash","scope"),
	CONSTRAINT "log_scope" CHECK ("erasures"."log"."scope" in ('subscription', 'person'))
);
