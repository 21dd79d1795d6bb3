import type { MailTextKey } from './en.ts';

/** Bulgarian texts of the letters. Typed against the English keys: a missing key is a type error. */
export const bg: Record<MailTextKey, string> = {
  'letter.brand': 'Важен съвет',
  'letter.tagline': 'Малки, мили побутвания за хора, които мислят малко повече от нужното.',
  'letter.unsubscribe': 'Отпиши се',
  'letter.unsubscribeHint': 'Стига ти толкова? Едно натискане и адресът се изтрива, без въпроси.',
  'letter.why': 'Получаваш това писмо, защото този адрес се абонира в {site}.',

  'confirm.subject': 'Потвърди абонамента си с едно натискане',
  'confirm.preview': 'Натисни бутона и писмата могат да тръгнат.',
  'confirm.greeting': 'Здравей, суперзвезда!',
  'confirm.body':
    'Някой, надяваме се ти, поиска кратките ни мили писма на този адрес. Натисни бутона, за да потвърдиш, и те ще пристигат от време на време. Без спам и без чувство за вина.',
  'confirm.button': 'Да, искам писмата',
  'confirm.linkHint': 'Ако бутонът не работи, отвори тази връзка:',
  'confirm.ignore':
    'Не си ти или си размисли? Просто не обръщай внимание на писмото: адресът ще бъде изтрит до 48 часа и няма да ти пишем повече.',

  'issue.readOnSite': 'Още малко мъдрост на сайта',
};
