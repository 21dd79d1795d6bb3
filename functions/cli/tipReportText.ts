// `npm run admin -- tips`: the site's ranking of tips (tipRanking.ts) as text for a person, or as CSV.
import type { Lang } from '../contract.ts';
import type { TipReport, TipScore } from '../tipRanking.ts';

type LanguageReport = TipReport[number];

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
    // Ties the other way round from the best-first order the site ranked them in.
    const place = new Map(ranked.map((tip, i) => [tip.tipId, i]));
    const at = (tip: TipScore) => place.get(tip.tipId) ?? 0;
    const worst = [...ranked].sort((a, b) => b.dislikeScore - a.dislikeScore || at(b) - at(a));
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
