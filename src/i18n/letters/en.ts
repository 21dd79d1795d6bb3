/**
 * English texts of the letters: the source of truth for keys (`bg.ts` must carry every one).
 * `{name}` marks a value filled in when the letter is made; none of them is ever text a visitor typed
 * (the moderation letter shows a held comment's name and text beside these texts, never inside them).
 */
export const en = {
  'letter.brand': 'Important Advice',
  'letter.tagline': 'Small, kind nudges for people who think a little too much.',
  'letter.unsubscribe': 'Unsubscribe',
  'letter.unsubscribeHint':
    'Had enough? One press on the page this link opens deletes this address, no questions asked.',
  'letter.why': 'You get this letter because this address subscribed at {site}.',

  'confirm.subject': 'Confirm your subscription: open the link, then press once',
  'confirm.preview': 'Press the button, then confirm on the page it opens.',
  'confirm.greeting': 'Hello, superstar!',
  'confirm.body':
    'Someone, hopefully you, asked for our short, kind letters at this address. Press the button: it opens a page on our site, where one more press confirms (opening the page alone changes nothing). Then come five course letters over 30 days, the first at once and then one a week, and any issue we send meanwhile. After that we forget this address. No spam, no guilt trips.',
  'confirm.button': 'Yes, send me the letters',
  'confirm.linkHint': 'If the button does not work, open this link:',
  'confirm.ignore':
    'Not you, or changed your mind? Simply ignore this letter: the address is deleted within 48 hours and you will not hear from us again.',

  'course.tipLabel': 'A rare one, from the bottom of the drawer:',

  'issue.readOnSite': 'More small wisdom on the site',

  'moderation.subject.one': 'A comment waits for your review on “{article}”',
  'moderation.subject.many': '{count} comments wait for your review',
  'moderation.preview': 'Held because it contains a link: approve or hide it.',
  'moderation.heading.one': 'A comment waits for your review',
  'moderation.heading.many': '{count} comments wait for your review',
  'moderation.body':
    'Comments with a link are held until you decide. Each button opens a page that shows the comment again; nothing changes until you press the button there.',
  'moderation.article': 'On',
  'moderation.name': 'Name',
  'moderation.written': 'Written {date}',
  'moderation.approve': 'Approve',
  'moderation.hide': 'Hide',
  'moderation.caution':
    'The text is exactly what the visitor typed. Do not open links in it unless you trust them.',
  'moderation.more': '{count} more held comments are not listed here: run npm run admin -- held to see all.',
  'moderation.expiry':
    'The buttons work for 7 days. Afterwards: npm run admin -- approve <id> or hide <id>; the id is shown beside each comment.',
  'moderation.why': 'You get this letter because ADMIN_EMAIL names this address as the operator of {site}.',

  'health.subject.start': '{site}: trouble with {problem}',
  'health.subject.end': '{site}: the trouble with {problem} is over',
  'health.preview': 'The health check of your site changed.',
  'health.heading.start': 'Something needs your attention',
  'health.heading.end': 'All clear',
  'health.start': 'Since {since} the health check of {site} reports a problem with {problem}: {detail}.',
  'health.end': 'The problem with {problem} that began {since} ended {until}. Nothing more to do.',
  'health.problem.database': 'the database',
  'health.problem.mail': 'sending letters',
  'health.problem.backup': 'the nightly backups',
  'health.problem.disk': 'free disk space',
  'health.more':
    'Run npm run admin -- stats on the server for the details. You get at most one such letter a day for each problem.',
} as const;

export type MailTextKey = keyof typeof en;
