CREATE TABLE "confirm_letters" (
	"inbox_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "confirm_letters_inbox" ON "confirm_letters" USING btree ("inbox_hash","sent_at");--> statement-breakpoint
-- The inbox an address's letters land in, for the confirmation cap: its mailbox (mailbox_key()), where a
-- local part that starts with `+` ends at its next `+` (providers that split tags at `+` keep a leading
-- one), and at Yahoo, whose names cannot hold `-`, at the first `-` (its disposable addresses,
-- `name-keyword@`, all reach one inbox). Broader than the mailbox: it only limits letters.
CREATE FUNCTION inbox_key(email text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  select coalesce(case when domain ~ '^(yahoo\.[a-z.]+|ymail\.com|rocketmail\.com)$'
                       then substring(base from '^.[^-]*') else base end || '@' || domain, mailbox)
  from (select substring(local from '^.[^+]*') as base, domain, mailbox
        from (select substring(mailbox from '^(.*)@') as local, substring(mailbox from '@([^@]*)$') as domain,
                     mailbox
              from (select mailbox_key(email) as mailbox) as keyed) as parts) as bases
$$;
