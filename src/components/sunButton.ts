/** The yellow button of the newsletter link pages and the moderation page (and a link dressed as one). */
export const sunButton =
  'inline-flex min-h-12 cursor-pointer items-center rounded-full bg-sun px-7 font-display font-bold text-night transition hover:bg-sun-deep disabled:cursor-wait disabled:opacity-75';
