/**
 * A simple near-duplicate measure for tips: the Jaccard index of their content-word stems
 * (stems both texts use / stems either uses), compared within each language.
 *
 * Why 0.35: the closest two of the 122 real tips share a fifth of their stems (0.2), while one tip
 * reworded by hand (a few words swapped, the order changed) keeps 0.43 to 0.9 of them. A bar a little
 * over a third sits between the two with room on both sides. The measure cannot see one idea told in
 * wholly new words: that stays an editor's job.
 */
export const similarityThreshold = 0.35;

/** Words too common to say anything about a tip's idea, lower-case, per language. */
const stopWords = {
  en: new Set(
    `a about after again all also am an and any are as at be because been before being but by can
    did do does doesn't don't down even every for from get gets go going got had has have having he her
    here him his how i i'm if in into is isn't it it's its just let like me more most much my no
    not now of off on once one only or other our out over own really same she should so some something
    still such than that that's the their them then there these they this those through to too up us
    very was we were what when where which while who why will with won't would you you'll you're you've
    your yours yourself`.split(/\s+/),
  ),
  bg: new Set(
    `а ако аз би бъде в вече все всеки всички всичко да до докато дори е един една едно за защото и
    или им има го как като какво когато кой които който която което ли ме ми много може моля на не
    него нея нещо ни но някой някои няма нямаш о от още по под преди при пък с са се си след сам само
    сега сме със също та така те теб тебе ти то точно това този тази тези той твой твоя твоят твоята
    твоето твоите тя у че ще щом`.split(/\s+/),
  ),
} as const;

/** English endings, longest first; stripped while one matches, keeping a stem of at least three letters. */
const enEndings = ['ies', 'ing', 'ed', 'es', 's', 'ly', 'er', 'y', 'e'];
/** Bulgarian article and inflection endings, longest first, stripped the same way. */
const bgEndings = 'ията ите ата ята ът ят та то те ия и а я о е ш м'.split(' ');

/** Strips endings until none fits, so "worrying", "worry" and "worries" all become "worr". */
function stem(word: string, endings: readonly string[]): string {
  const ending = endings.find((end) => word.endsWith(end) && word.length - end.length >= 3);
  return ending ? stem(word.slice(0, -ending.length), endings) : word;
}

/** The set of content-word stems of one text: lower-case words, stop words dropped, light stemming. */
export function contentStems(text: string, lang: 'en' | 'bg'): Set<string> {
  // The tips' apostrophes are curly (’); the stop words are written with a straight one.
  const words =
    text
      .toLocaleLowerCase(lang)
      .replaceAll('’', "'")
      .match(/[\p{L}\p{N}']+/gu) ?? [];
  const endings = lang === 'en' ? enEndings : bgEndings;
  const stems = new Set<string>();
  for (const raw of words) {
    const word = raw.replace(/^'+|'+$/g, '');
    if (word.length < 3 || stopWords[lang].has(word)) continue;
    stems.add(stem(word.replace(/'s$/, ''), endings));
  }
  return stems;
}

/** Jaccard index of two stem sets: 0 when nothing is shared, 1 for the same set. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * Every pair of tips whose texts in one language are at least `threshold` alike, as readable lines,
 * e.g. `tip 12: the en text says the same as tip 7 (0.45 of its words shared)`.
 */
export function findSimilarTips(
  tips: readonly { id: string; en: string; bg: string }[],
  threshold = similarityThreshold,
): string[] {
  const problems: string[] = [];
  for (const lang of ['en', 'bg'] as const) {
    const stemmed = tips.map((tip) => ({ tip, stems: contentStems(tip[lang], lang) }));
    for (const [i, { tip: a, stems }] of stemmed.entries()) {
      for (const { tip: b, stems: others } of stemmed.slice(0, i)) {
        // Word-for-word repeats are reported by checkTips already.
        if (a[lang].trim().toLocaleLowerCase() === b[lang].trim().toLocaleLowerCase()) continue;
        const score = jaccard(stems, others);
        if (score >= threshold) {
          problems.push(
            `tip ${a.id}: the ${lang} text says the same as tip ${b.id} (${score.toFixed(2)} of its words shared)`,
          );
        }
      }
    }
  }
  return problems;
}
