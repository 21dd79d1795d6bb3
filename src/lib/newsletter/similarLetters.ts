import { contentStems, jaccard, similarityThreshold } from '../tips/similarTips.ts';

/**
 * Letters are long and tips short, so a letter paragraph that retells a tip shares few of the
 * paragraph's own words (a low Jaccard index) but most of the tip's. Why 0.6: of the course's paragraphs
 * against all 140-odd tips, the most any holds of one tip's stems is 0.38 (a "this week" that meets
 * "three days"); a tip told again in other words keeps well over half of them.
 */
export const tipContainmentThreshold = 0.6;

/** Fewer content words than this (a heading, a signature) say too little to compare. */
const minStems = 4;

export interface Text {
  name: string;
  language: 'en' | 'bg';
  markdown: string;
}

/** Paragraphs of Markdown without frontmatter, MDX imports and markup characters. */
function paragraphs(markdown: string): string[] {
  return markdown
    .replace(/^---[\s\S]*?\n---/, '')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .replace(/^(import|export) .*$/gm, '')
        .replace(/[#>*_`[\]()\\-]/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

/** Share of `part`'s stems that `whole` has too. */
function containment(part: ReadonlySet<string>, whole: ReadonlySet<string>): number {
  let shared = 0;
  for (const stem of part) if (whole.has(stem)) shared++;
  return part.size === 0 ? 0 : shared / part.size;
}

/**
 * Paragraphs of `letters` that retell a tip (most of its words) or say what a paragraph of another
 * letter or of `elsewhere` (articles, issues) says, within each language; one readable line each.
 */
export function findRepeatedIdeas(
  letters: readonly Text[],
  tips: readonly { id: string; en: string; bg: string }[],
  elsewhere: readonly Text[],
): string[] {
  const problems: string[] = [];
  const stemmed = (texts: readonly Text[]) =>
    texts.flatMap((text) =>
      paragraphs(text.markdown)
        .map((paragraph) => ({ ...text, paragraph, stems: contentStems(paragraph, text.language) }))
        .filter((entry) => entry.stems.size >= minStems),
    );
  const letterParts = stemmed(letters);
  const otherParts = [...stemmed(elsewhere), ...letterParts];
  for (const part of letterParts) {
    const where = `${part.name}: "${part.paragraph.slice(0, 40)}..."`;
    for (const tip of tips) {
      const tipStems = contentStems(tip[part.language], part.language);
      if (tipStems.size < minStems) continue;
      const share = containment(tipStems, part.stems);
      if (share >= tipContainmentThreshold) {
        problems.push(`${where} retells tip ${tip.id} (${share.toFixed(2)} of its words)`);
      }
    }
    for (const other of otherParts) {
      if (other.name === part.name || other.language !== part.language) continue;
      const score = jaccard(part.stems, other.stems);
      if (score >= similarityThreshold) {
        problems.push(`${where} says what ${other.name} says (${score.toFixed(2)} of the words shared)`);
      }
    }
  }
  return problems;
}
