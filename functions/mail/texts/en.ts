/**
 * English texts of the letters: the source of truth for keys (`bg.ts` must carry every one).
 * `{name}` marks a value filled in when the letter is made; none of them is ever text a visitor typed.
 */
export const en = {
  'letter.brand': 'Important Advice',
  'letter.tagline': 'Small, kind nudges for people who think a little too much.',
  'letter.unsubscribe': 'Unsubscribe',
  'letter.unsubscribeHint': 'Had enough? One click and this address is deleted, no questions asked.',
  'letter.why': 'You get this letter because this address subscribed at {site}.',

  'confirm.subject': 'One click to confirm your subscription',
  'confirm.preview': 'Press the button and the letters can start.',
  'confirm.greeting': 'Hello, superstar!',
  'confirm.body':
    'Someone, hopefully you, asked for our short, kind letters at this address. Press the button to confirm: the first arrives right away, then one a week, five in all over 30 days, and then we forget this address. No spam, no guilt trips.',
  'confirm.button': 'Yes, send me the letters',
  'confirm.linkHint': 'If the button does not work, open this link:',
  'confirm.ignore':
    'Not you, or changed your mind? Simply ignore this letter: the address is deleted within 48 hours and you will not hear from us again.',

  'course.tipLabel': 'A rare one, from the bottom of the drawer:',

  'issue.readOnSite': 'More small wisdom on the site',
} as const;

export type MailTextKey = keyof typeof en;
