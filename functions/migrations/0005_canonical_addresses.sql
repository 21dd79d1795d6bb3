-- Every stored address in its one spelling (functions/contract.ts normaliseEmail): the bare address of
-- a display-name form (`x <a@b.c>`), comments `(…)` removed, trimmed, lower-cased, no trailing dot.
-- Subscribers that turn out to be one mailbox become one row: the confirmed one if any (else the
-- earliest), with the earliest subscription and confirmation dates of the group; the send log of the
-- others moves to it (a letter sent to any of them counts as sent), their queued letters move when it
-- has none of that kind (no confirmation letter for an address already confirmed), the rest go.
-- Internationalised domains cannot be turned into ASCII here; those rows keep their spelling and leave
-- with the 30-day purge.
create temp table address_merge on commit drop as
select s.email, s.id, s.confirm_wanted, c.canon,
       first_value(s.id) over (partition by c.canon
         order by (s.status = 'confirmed') desc, s.created_at, s.email) as survivor_id,
       min(s.created_at) over (partition by c.canon) as first_created,
       min(s.confirmed_at) filter (where s.status = 'confirmed') over (partition by c.canon) as first_confirmed,
       bool_or(s.status = 'confirmed') over (partition by c.canon) as any_confirmed,
       bool_or(s.confirm_wanted) over (partition by c.canon) as any_wanted
from subscribers s,
     lateral (select rtrim(lower(btrim(regexp_replace(
       coalesce(substring(s.email from '<([^<>]*)>\s*$'), s.email), '\([^()]*\)', '', 'g'))), '.') as canon) c;
--> statement-breakpoint
insert into newsletter_sends (issue, subscriber_id, status, attempts, last_error, updated_at)
select distinct on (m.survivor_id, n.issue) n.issue, m.survivor_id, n.status, n.attempts, n.last_error, n.updated_at
from newsletter_sends n join address_merge m on m.id = n.subscriber_id
where m.id <> m.survivor_id
order by m.survivor_id, n.issue, (n.status = 'sent') desc, n.updated_at
on conflict (issue, subscriber_id) do update
  set status = case when 'sent' in (newsletter_sends.status, excluded.status) then 'sent'
                    else newsletter_sends.status end;
--> statement-breakpoint
update mail_queue set subscriber_id = moved.survivor_id
from (
  select distinct on (m.survivor_id, q.kind) q.id, m.survivor_id
  from mail_queue q join address_merge m on m.id = q.subscriber_id
  where m.id <> m.survivor_id
    and not (q.kind = 'confirm' and m.any_confirmed)
    and not exists (select 1 from mail_queue o where o.subscriber_id = m.survivor_id and o.kind = q.kind)
  order by m.survivor_id, q.kind, q.id
) moved
where mail_queue.id = moved.id;
--> statement-breakpoint
delete from subscribers s using address_merge m where s.id = m.id and m.id <> m.survivor_id;
--> statement-breakpoint
update subscribers s
set email = m.canon,
    created_at = m.first_created,
    status = case when m.any_confirmed then 'confirmed' else 'pending' end,
    confirmed_at = m.first_confirmed,
    confirm_wanted = not m.any_confirmed and m.any_wanted
      and not exists (select 1 from mail_queue q where q.subscriber_id = s.id and q.kind = 'confirm')
from address_merge m
where s.id = m.id and m.id = m.survivor_id;
--> statement-breakpoint
update comments
set email = rtrim(lower(btrim(regexp_replace(
  coalesce(substring(email from '<([^<>]*)>\s*$'), email), '\([^()]*\)', '', 'g'))), '.')
where email is not null;
