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
  'confirm.greeting': 'Здравей, звезда!',
  'confirm.body':
    'Някой, надяваме се ти, поиска кратките ни мили писма на този адрес. Натисни бутона, за да потвърдиш: първото идва веднага, после по едно на седмица, общо пет за 30 дни, и след това забравяме адреса. Без спам и без чувство за вина.',
  'confirm.button': 'Да, искам писмата',
  'confirm.linkHint': 'Ако бутонът не работи, отвори този линк:',
  'confirm.ignore':
    'Не си ти или си размисли? Просто не обръщай внимание на писмото: адресът ще бъде изтрит до 48 часа и няма да ти пишем повече.',

  'course.tipLabel': 'Рядък съвет от дъното на чекмеджето:',

  'issue.readOnSite': 'Още малко мъдрост на сайта',
};
