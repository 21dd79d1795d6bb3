-- The mailbox an address reaches, beside the address as typed: the local part before any `+` (unless
-- it starts with one), and for Gmail (gmail.com, googlemail.com) without dots and at gmail.com. Written
-- once, here, so the column, the subscribe route and the migration agree. An address without `@`
-- (none is stored since the canonical-addresses migration) is its own key.
CREATE FUNCTION mailbox_key(email text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  select coalesce(case when domain in ('gmail.com', 'googlemail.com') then replace(base, '.', '') || '@gmail.com'
                       else base || '@' || domain end, email)
  from (select coalesce(nullif(split_part(local, '+', 1), ''), local) as base, domain
        from (select substring(email from '^(.*)@') as local,
                     substring(email from '@([^@]*)$') as domain) as parts) as bases
$$;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "confirm_earlier_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "mailbox" text GENERATED ALWAYS AS (mailbox_key(email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "mailbox_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows stored earlier under several spellings of one mailbox all stay (each was confirmed or asked for
-- under its own spelling); the first (a confirmed one, else the earliest) is the mailbox's subscriber,
-- the others are ranked after it, so only new spellings are refused.
UPDATE "subscribers" SET "mailbox_rank" = ranked.rank
FROM (SELECT id, row_number() OVER (PARTITION BY mailbox
        ORDER BY (status = 'confirmed') DESC, created_at, email) - 1 AS rank
      FROM "subscribers") AS ranked
WHERE "subscribers"."id" = ranked.id AND ranked.rank > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_mailbox" ON "subscribers" USING btree ("mailbox","mailbox_rank");
