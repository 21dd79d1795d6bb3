// What readers liked: likes and dislikes per tip from the stored ratings, ranked fairly for authors
// (`npm run admin -- tips`, which prints them with cli/tipReportText.ts).
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
export type TipScore = ReturnType<typeof scored>;

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

export type TipReport = Awaited<ReturnType<typeof tipReport>>;
