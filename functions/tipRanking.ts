// What readers liked: likes and dislikes per tip from the stored ratings, ranked fairly for authors
// (`npm run admin -- tips`).
import { eq, sql } from 'drizzle-orm';
import { readTips } from './content.ts';
import type { Lang } from './contract.ts';
import { tipRatings } from './db/schema.ts';
import type { Db } from './db/types.ts';

/** z for a two-sided 95% interval. */
const z95 = 1.959964;

/**
 * The lower bound of the Wilson score interval (95%) for `hits` out of `total`: the share we can be
 * fairly sure of, so one lone like (0.21) ranks below 40 likes out of 50 (0.67).
 */
export function wilsonLowerBound(hits: number, total: number, z: number = z95): number {
  if (total === 0) return 0;
  const p = hits / total;
  const z2 = z * z;
  return (p + z2 / (2 * total) - z * Math.sqrt((p * (1 - p) + z2 / (4 * total)) / total)) / (1 + z2 / total);
}

/** A rated tip with the Wilson lower bounds of its like share and of its dislike share. */
function scored(tip: { tipId: string; likes: number; dislikes: number }, text: string) {
  const total = tip.likes + tip.dislikes;
  return {
    ...tip,
    text,
    likeScore: wilsonLowerBound(tip.likes, total),
    dislikeScore: wilsonLowerBound(tip.dislikes, total),
  };
}
type TipScore = ReturnType<typeof scored>;

const byScore = (a: TipScore, b: TipScore) =>
  b.likeScore - a.likeScore ||
  b.likes + b.dislikes - (a.likes + a.dislikes) ||
  a.tipId.localeCompare(b.tipId);

/**
 * Per language, the rated tips with their likes and dislikes, best first, and the tips in tips.json
 * nobody has rated yet.
 */
export async function tipReport(db: Db, contentDir: string, languages: Lang[]) {
  const tips = await readTips(contentDir);
  const reports = [];
  for (const language of languages) {
    const rows = await db
      .select({
        tipId: tipRatings.tipId,
        likes: sql<number>`count(*) filter (where ${tipRatings.rating} = 1)`.mapWith(Number),
        dislikes: sql<number>`count(*) filter (where ${tipRatings.rating} = 0)`.mapWith(Number),
      })
      .from(tipRatings)
      .where(eq(tipRatings.language, language))
      .groupBy(tipRatings.tipId);
    const known = tips[language];
    const ranked = rows
      // A tip removed from tips.json keeps its ratings; say so instead of hiding them.
      .map((tip) => scored(tip, known.get(tip.tipId) ?? '(no longer in tips.json)'))
      .sort(byScore);
    const rated = new Set(ranked.map((tip) => tip.tipId));
    const neverRated = [...known].filter(([id]) => !rated.has(id)).map(([tipId, text]) => ({ tipId, text }));
    reports.push({ language, ranked, neverRated });
  }
  return reports;
}

type LanguageReport = Awaited<ReturnType<typeof tipReport>>[number];

const languageNames: Record<Lang, string> = { en: 'English', bg: 'Bulgarian' };
/** Rows shown per list in the text report; `--csv` gives every tip. */
const shown = 10;

function table(tips: TipScore[], score: (tip: TipScore) => number): string[] {
  const header = 'rank  tip        likes  dislikes  score  text';
  const rows = tips.map((tip, i) =>
    [
      String(i + 1).padStart(4),
      tip.tipId.padEnd(9),
      String(tip.likes).padStart(5),
      String(tip.dislikes).padStart(8),
      score(tip).toFixed(3),
      tip.text.length > 70 ? `${tip.text.slice(0, 69)}…` : tip.text,
    ].join('  '),
  );
  return [header, ...rows];
}

/** The report for a person: per language, the best and the worst tips first, and the never-rated count. */
export function formatTipReport(reports: LanguageReport[]): string {
  const out: string[] = [];
  for (const { language, ranked, neverRated } of reports) {
    const total = ranked.length + neverRated.length;
    out.push(
      `${languageNames[language]} (${language}): ${ranked.length} of ${total} tips rated, ${neverRated.length} never rated`,
    );
    if (ranked.length === 0) {
      out.push('', 'No ratings yet.', '');
      continue;
    }
    const more = ranked.length > shown ? ` (top ${shown} of ${ranked.length}; --csv lists all)` : '';
    const worst = [...ranked].sort((a, b) => b.dislikeScore - a.dislikeScore || byScore(b, a));
    out.push('', `Best first: lower bound of the 95% Wilson interval of the like share${more}`);
    out.push(...table(ranked.slice(0, shown), (tip) => tip.likeScore));
    out.push('', `Worst first: lower bound of the 95% Wilson interval of the dislike share${more}`);
    out.push(...table(worst.slice(0, shown), (tip) => tip.dislikeScore), '');
  }
  return out.join('\n').trimEnd();
}

const csvField = (value: string | number) =>
  /[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value);

/** Every tip, one row each: rated ones best first with their rank, then the never-rated ones. */
export function tipReportCsv(reports: LanguageReport[]): string {
  const lines = ['language,rank,tip,likes,dislikes,like_score,dislike_score,text'];
  const row = (...fields: (string | number)[]) => lines.push(fields.map(csvField).join(','));
  for (const { language, ranked, neverRated } of reports) {
    for (const [i, { tipId, likes, dislikes, likeScore, dislikeScore, text }] of ranked.entries()) {
      row(language, i + 1, tipId, likes, dislikes, likeScore.toFixed(4), dislikeScore.toFixed(4), text);
    }
    for (const { tipId, text } of neverRated) row(language, '', tipId, 0, 0, '', '', text);
  }
  return lines.join('\n');
}
