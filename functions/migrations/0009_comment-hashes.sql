-- Comments keep a keyed hash of the mailbox instead of the address; the hash needs the site's secret,
-- so the start hashes the addresses already stored (hashCommentAddresses in erasure.ts).
ALTER TABLE "comments" ADD COLUMN "email_hash" text;--> statement-breakpoint
CREATE INDEX "comments_email_hash" ON "comments" USING btree ("email_hash");
