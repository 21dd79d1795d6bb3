import { describe, expect, it } from 'vitest';
import { articleSchema } from '../../src/lib/blog/articleSchema.ts';
import { excerpt, plainText } from '../../src/lib/blog/excerpt.ts';
import { unknownArticleTarget } from '../../src/lib/blog/unknownArticleTarget.ts';
import { inlineScript } from '../../src/lib/inlineScript.ts';

describe('excerpt', () => {
  it('cuts the text between words within 200 characters and adds an ellipsis', () => {
    const body = `${'a'.repeat(150)} ${'b'.repeat(30)} ${'c'.repeat(30)}`;
    expect(excerpt(body, 200)).toBe(`${'a'.repeat(150)} ${'b'.repeat(30)}…`);
    // A word that ends right at the limit is whole; the comma before the ellipsis goes.
    expect(excerpt('Tell them, kindly, no.', 18)).toBe('Tell them, kindly…');
    expect(excerpt('Да мислиш много не значи да мислиш добре.', 20)).toBe('Да мислиш много не…');
  });

  it('cuts inside a first word longer than the limit rather than showing nothing', () => {
    expect(excerpt('a'.repeat(300), 200)).toBe(`${'a'.repeat(200)}…`);
  });

  it('leaves a short text whole, without an ellipsis', () => {
    expect(excerpt('Short and sweet.', 200)).toBe('Short and sweet.');
  });

  it('shows reading text, not Markdown marks', () => {
    expect(
      plainText('## Title\n\nSome **bold** and *soft* words.\n\n> A quote\n\n- one\n- two\n\n1. first'),
    ).toBe('Title Some bold and soft words. A quote one two first');
    expect(plainText('A [link](https://example.com) here.')).toBe('A link here.');
  });
});

describe('article frontmatter', () => {
  const valid = {
    id: 1,
    title: 'Overthinking Isn’t Thinking',
    description: 'About loops.',
    date: '2025-08-01',
    category: 'mentalHealth',
    slug: 'overthinking-vs-real-thinking',
    language: 'en',
    relatedTips: ['27', 'r4'],
  };

  it('accepts a complete article and reads the date', () => {
    expect(articleSchema.parse(valid).date.toISOString()).toBe('2025-08-01T00:00:00.000Z');
  });

  it('refuses unknown categories, languages and bad slugs', () => {
    expect(articleSchema.safeParse({ ...valid, category: 'gossip' }).success).toBe(false);
    expect(articleSchema.safeParse({ ...valid, language: 'de' }).success).toBe(false);
    expect(articleSchema.safeParse({ ...valid, slug: 'Not A Slug' }).success).toBe(false);
    expect(articleSchema.safeParse({ ...valid, id: 1.5 }).success).toBe(false);
  });

  it('wants one to four related tips, named by their ids', () => {
    expect(articleSchema.safeParse({ ...valid, relatedTips: [] }).success).toBe(false);
    expect(articleSchema.safeParse({ ...valid, relatedTips: ['en_27'] }).success).toBe(false);
    expect(articleSchema.safeParse({ ...valid, relatedTips: ['1', '2', '3', '4', '5'] }).success).toBe(false);
    const { relatedTips: _, ...withoutTips } = valid;
    expect(articleSchema.safeParse(withoutTips).success).toBe(false);
  });
});

describe('unknown addresses', () => {
  it('sends unknown articles to the blog of their language', () => {
    expect(unknownArticleTarget('/blog/999')).toBe('/blog');
    expect(unknownArticleTarget('/blog/abc/')).toBe('/blog');
    expect(unknownArticleTarget('/bg/blog/999')).toBe('/bg/blog');
  });

  it('leaves every other address on the 404 page', () => {
    for (const path of ['/nope', '/bg/nope', '/blog', '/blog/1/extra', '/blogs/1', '/bg/blog']) {
      expect(unknownArticleTarget(path), path).toBeNull();
    }
  });

  it('builds a self-contained inline script', () => {
    expect(() => new Function(inlineScript('src/lib/blog/unknownArticle.inline.ts'))).not.toThrow();
  });
});
