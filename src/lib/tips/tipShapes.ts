// Two limits on how the tips are told, so one sentence shape and one payoff word cannot take over the list
// again (issue #42): at most a quarter of a language's tips open with a question ("Awake at 3 a.m.? Do X."),
// and no punchline word ends more than two tips. docs/tip-ideas.md keeps the ideas; this keeps the shapes.
import { contentStems } from './similarTips.ts';

type Lang = 'en' | 'bg';

/** At most this share of one language's tips may open with a question. */
export const maxQuestionShare = 1 / 4;
/** At most this many tips of one language may share a punchline word. */
export const maxPunchlineUses = 2;

/**
 * Words too everyday to make a punchline of their own (light verbs, time words, "often"), per language,
 * on top of the stop words of similarTips.ts: "Stop checking" and "Stop, shower" share no joke.
 */
const plainWords = {
  en: new Set(
    `always anyone anything come comes day days else enough every everyone feel feels find get give gives
    go keep leave let look looks make makes never often put say says show shows someone start stop take
    takes tell time today tomorrow tonight turn turns usually want wants week weeks`.split(/\s+/),
  ),
  bg: new Set(
    `вземи виж винаги дай ден дни днес достатъчно друг друга другите други идва иска искаш кажи казва най
    никога обикновено остава остави отново пак после през просто седмица седмици спри спря става утре често`.split(
      /\s+/,
    ),
  ),
} as const;

const plainStems = {
  en: new Set([...plainWords.en].flatMap((word) => [...contentStems(word, 'en')])),
  bg: new Set([...plainWords.bg].flatMap((word) => [...contentStems(word, 'bg')])),
};

/** The text's sentences: a sentence ends at . ! ? or … (and any closing quote) before a capital or the end. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["“”»]?)\s+(?=[\p{Lu}„"“])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Whether the tip opens with its own question ("Lonely tonight? Take a book…"), not a quoted one. */
export function opensWithQuestion(text: string): boolean {
  return /\?$/.test(sentences(text)[0] ?? '');
}

/**
 * The content words of the tip's last sentence, by stem ("counts" and "count" meet), each with the first
 * form the text uses; the plain words are left out.
 */
export function punchlineWords(text: string, lang: Lang): Map<string, string> {
  const plain = plainStems[lang];
  const words = new Map<string, string>();
  for (const word of (sentences(text).at(-1) ?? '').split(/[^\p{L}\p{N}'’]+/u)) {
    const [stem] = contentStems(word, lang);
    if (stem !== undefined && !plain.has(stem) && !words.has(stem))
      words.set(stem, word.toLocaleLowerCase(lang));
  }
  return words;
}

/**
 * Where the tips break either limit, one readable line per problem, e.g.
 * `en: 31 of 122 tips open with a question; at most 30 may` or
 * `en: the punchline word "count" ends tips 22, 29 and 57; at most 2 may share one`.
 */
export function checkTipShapes(tips: readonly { id: string; en: string; bg: string }[]): string[] {
  const problems: string[] = [];
  for (const lang of ['en', 'bg'] as const) {
    const questions = tips.filter((tip) => opensWithQuestion(tip[lang])).length;
    const allowed = Math.floor(tips.length * maxQuestionShare);
    if (tips.length > 0 && questions > allowed)
      problems.push(
        `${lang}: ${questions} of ${tips.length} tips open with a question; at most ${allowed} may`,
      );
    const uses = new Map<string, { word: string; ids: string[] }>();
    for (const tip of tips)
      for (const [stem, word] of punchlineWords(tip[lang], lang)) {
        const seen = uses.get(stem) ?? { word, ids: [] };
        uses.set(stem, { ...seen, ids: [...seen.ids, tip.id] });
      }
    for (const { word, ids } of uses.values())
      if (ids.length > maxPunchlineUses)
        problems.push(
          `${lang}: the punchline word "${word}" ends tips ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}; at most ${maxPunchlineUses} may share one`,
        );
  }
  return problems;
}
