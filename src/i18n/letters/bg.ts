import type { MailTextKey } from './en.ts';

/** Bulgarian texts of the letters. Typed against the English keys: a missing key is a type error. */
export const bg: Record<MailTextKey, string> = {
  'letter.brand': 'Важен съвет',
  'letter.tagline': 'Малки, мили побутвания за хора, които мислят малко повече от нужното.',
  'letter.unsubscribe': 'Отпиши се',
  'letter.unsubscribeHint':
    'Стига ти толкова? Едно натискане на страницата, до която води връзката, и адресът се изтрива, без въпроси.',
  'letter.why': 'Получаваш това писмо, защото този адрес се абонира в {site}.',

  'confirm.subject': 'Потвърди абонамента си: отвори връзката и натисни веднъж',
  'confirm.preview': 'Натисни бутона, после потвърди на страницата, която се отваря.',
  'confirm.greeting': 'Здравей, суперзвезда!',
  'confirm.body':
    'Някой, надяваме се ти, поиска кратките ни мили писма на този адрес. Натисни бутона: той отваря страница на сайта ни, където още едно натискане потвърждава (само отварянето ѝ не променя нищо). После идват пет писма от курса за 30 дни – първото веднага, след това по едно на седмица – и всеки брой на бюлетина, който излезе междувременно. След това забравяме адреса. Без спам и без чувство за вина.',
  'confirm.button': 'Да, искам писмата',
  'confirm.linkHint': 'Ако бутонът не работи, отвори тази връзка:',
  'confirm.ignore':
    'Не си ти или си размисли? Просто не обръщай внимание на писмото: адресът ще бъде изтрит до 48 часа и няма да ти пишем повече.',

  'course.tipLabel': 'Рядък съвет от дъното на чекмеджето:',

  'issue.readOnSite': 'Още малко мъдрост на сайта',

  'moderation.subject.one': 'Коментар чака преглед под „{article}“',
  'moderation.subject.many': '{count} коментара чакат преглед',
  'moderation.preview': 'Задържан, защото съдържа връзка: одобри го или го скрий.',
  'moderation.heading.one': 'Коментар чака твоя преглед',
  'moderation.heading.many': '{count} коментара чакат твоя преглед',
  'moderation.body':
    'Коментарите с връзка се задържат, докато решиш. Всеки бутон отваря страница, която показва коментара отново; нищо не се променя, докато не натиснеш бутона там.',
  'moderation.article': 'Под',
  'moderation.name': 'Име',
  'moderation.written': 'Написан на {date}',
  'moderation.approve': 'Одобри',
  'moderation.hide': 'Скрий',
  'moderation.caution':
    'Текстът е точно какво е написал посетителят. Не отваряй връзките в него, освен ако им вярваш.',
  'moderation.more':
    'Още {count} задържани коментара не са изброени тук: пусни npm run admin -- held, за да видиш всички.',
  'moderation.expiry':
    'Бутоните работят 7 дни. След това: npm run admin -- approve <id> или hide <id>; номерът е до всеки коментар.',
  'moderation.why': 'Получаваш това писмо, защото ADMIN_EMAIL посочва този адрес като оператор на {site}.',

  'health.subject.start': '{site}: проблем с {problem}',
  'health.subject.end': '{site}: проблемът с {problem} отмина',
  'health.preview': 'Проверката на сайта ти показва промяна.',
  'health.heading.start': 'Нещо иска вниманието ти',
  'health.heading.end': 'Всичко е наред',
  'health.start': 'От {since} проверката на {site} отчита проблем с {problem}: {detail}.',
  'health.end': 'Проблемът с {problem}, започнал {since}, приключи {until}. Не е нужно да правиш нищо.',
  'health.problem.database': 'базата данни',
  'health.problem.mail': 'изпращането на писма',
  'health.problem.backup': 'нощните резервни копия',
  'health.problem.disk': 'свободното място на диска',
  'health.more':
    'За подробности пусни npm run admin -- stats на сървъра. Получаваш най-много едно такова писмо на ден за всеки проблем.',
};
