import { describe, expect, it } from 'vitest';
import { articleForTip, checkRelatedTips, type RelatedArticle } from '../../src/lib/blog/related.ts';

const article = (id: number, language: 'en' | 'bg', relatedTips: string[], category = 'mentalHealth') =>
  ({ id, language, relatedTips, category }) as RelatedArticle;

describe("articles' related tips", () => {
  it('must be real tips', () => {
    expect(checkRelatedTips([article(1, 'en', ['3', 'r99'])], new Set(['3', 'r1']))).toEqual([
      'article 1 (en): related tip r99 is not in content/tips.json',
    ]);
  });

  it('must be the same in both languages', () => {
    const tips = new Set(['1', '2', '3']);
    expect(checkRelatedTips([article(1, 'en', ['1', '2']), article(1, 'bg', ['1', '2'])], tips)).toEqual([]);
    expect(checkRelatedTips([article(1, 'en', ['1', '2']), article(1, 'bg', ['1', '3'])], tips)).toEqual([
      'article 1: its languages list different related tips (1,2 and 1,3)',
    ]);
  });
});

describe("a tip's article", () => {
  const newestFirst = [
    article(4, 'en', ['50'], 'relationships'),
    article(3, 'en', ['9'], 'relationships'),
    article(1, 'en', ['27'], 'mentalHealth'),
  ];

  it('is the article that lists the tip, whatever its category', () => {
    expect(articleForTip({ baseId: '27', topic: 'finance' }, newestFirst)?.id).toBe(1);
    expect(articleForTip({ baseId: '9', topic: 'relationships' }, newestFirst)?.id).toBe(3);
  });

  it("else the newest article of the category the tip's category belongs to", () => {
    expect(articleForTip({ baseId: '12', topic: 'selfEsteem' }, newestFirst)?.id).toBe(4);
    expect(articleForTip({ baseId: '3', topic: 'anxiety' }, newestFirst)?.id).toBe(1);
  });

  it('is none when no article fits', () => {
    expect(articleForTip({ baseId: '33', topic: 'finance' }, newestFirst)).toBeUndefined();
    expect(articleForTip({ baseId: '8', topic: 'productivity' }, newestFirst)).toBeUndefined();
  });
});
