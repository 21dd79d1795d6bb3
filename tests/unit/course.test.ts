import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type CourseLetterSource,
  checkCourse,
  courseDays,
  courseLetterSchema,
} from '../../functions/newsletter/courseSchema.ts';
import {
  checkCourseContent,
  checkCourseTips,
  generatorTipIds,
} from '../../src/lib/newsletter/courseChecks.ts';
import { findRepeatedIdeas } from '../../src/lib/newsletter/similarLetters.ts';
import { parseTips } from '../../src/lib/tips/tipRules.ts';

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
const tips = parseTips(JSON.parse(readFileSync(`${contentDir}/tips.json`, 'utf8')));

/** A whole, valid course in both languages, each letter overridable. */
function course(change: (letter: CourseLetterSource) => CourseLetterSource = (letter) => letter) {
  return (['en', 'bg'] as const).flatMap((language) =>
    courseDays.map((day, index) =>
      change({
        file: `${language}/day-${day}.md`,
        language,
        data: {
          order: index + 1,
          day,
          subject: 'A subject',
          preview: 'A preview of twenty letters',
          tip: `r${12 + index}`,
        },
        markdown: `Hello.\n\n{{tip}}\n\nBye.`,
      }),
    ),
  );
}

describe('the course of letters', () => {
  it('passes every check of the build as written', async () => {
    const { letters, problems } = await checkCourseContent(contentDir, tips);
    expect(problems).toEqual([]);
    expect(letters).toHaveLength(courseDays.length * 2);
  });

  it('needs every day in both languages, in order, with the same tip and one place for it', () => {
    expect(checkCourse(course(), ['en', 'bg'])).toEqual([]);
    const withoutDay = course().filter((letter) => !(letter.language === 'bg' && letter.data.day === 14));
    expect(checkCourse(withoutDay, ['en', 'bg'])).toEqual(['bg: no letter for day 14']);
    const swapped = course((letter) =>
      letter.data.day === 7 ? { ...letter, data: { ...letter.data, order: 3 } } : letter,
    );
    expect(checkCourse(swapped, ['en', 'bg'])).toContain(
      'en/day-7.md: the letter of day 7 must have order 2',
    );
    const otherTip = course((letter) =>
      letter.language === 'bg' && letter.data.day === 0
        ? { ...letter, data: { ...letter.data, tip: 'r21' } }
        : letter,
    );
    expect(checkCourse(otherTip, ['en', 'bg'])).toContain('en/day-0.md: carries tip r12, its bg twin r21');
    const noMarker = course((letter) =>
      letter.data.day === 28 ? { ...letter, markdown: 'Hello.' } : letter,
    );
    expect(checkCourse(noMarker, ['en', 'bg'])).toContain(
      'en/day-28.md: needs the line {{tip}} exactly once (has 0)',
    );
  });

  it('keeps subjects and previews short and the day one of the course', () => {
    const good = { order: 1, day: 0, subject: 'Hi', preview: 'A preview of twenty letters', tip: 'r12' };
    expect(courseLetterSchema.safeParse(good).success).toBe(true);
    expect(courseLetterSchema.safeParse({ ...good, subject: 'x'.repeat(61) }).success).toBe(false);
    expect(courseLetterSchema.safeParse({ ...good, preview: 'x'.repeat(111) }).success).toBe(false);
    expect(courseLetterSchema.safeParse({ ...good, day: 3 }).success).toBe(false);
    expect(courseLetterSchema.safeParse({ ...good, tip: '12' }).success).toBe(false);
  });

  it('takes only rare tips the generator never shows', () => {
    const shown = generatorTipIds(tips);
    expect(shown.has('r1')).toBe(true);
    expect(shown.has('r12')).toBe(false);
    const letters = course((letter) =>
      letter.data.day === 0 ? { ...letter, data: { ...letter.data, tip: 'r1' } } : letter,
    );
    expect(checkCourseTips(letters, tips)).toContain(
      'en/day-0.md: tip r1 is one the generator shows; pick one it never does',
    );
    const unknown = course((letter) =>
      letter.data.day === 0 ? { ...letter, data: { ...letter.data, tip: 'r999' } } : letter,
    );
    expect(checkCourseTips(unknown, tips)).toContain('en/day-0.md: tip r999 is not in content/tips.json');
  });

  it('finds a paragraph that retells a tip or repeats another text, and passes a fresh one', () => {
    const scary = tips.find((tip) => tip.id === '42');
    expect(scary?.en).toMatch(/phone call/);
    const retold = {
      name: 'letter',
      language: 'en' as const,
      markdown: `# Hi\n\nA scary phone call really takes only three minutes, while dreading it can take three whole days. So call now and afterwards have a cookie.`,
    };
    expect(findRepeatedIdeas([retold], tips, [])).toEqual([expect.stringContaining('retells tip 42')]);
    const article = {
      name: 'article',
      language: 'en' as const,
      markdown:
        'Boredom is a tidy room for the mind, where half-finished thoughts quietly finish themselves.',
    };
    const copied = {
      ...retold,
      markdown: `Boredom is a tidy room for the mind: half-finished thoughts finish themselves there.`,
    };
    expect(findRepeatedIdeas([copied], tips, [article])).toEqual([
      expect.stringContaining('says what article says'),
    ]);
    const fresh = {
      ...retold,
      markdown: 'Our neighbour keeps a drawer labelled LATER and it no longer closes.',
    };
    expect(findRepeatedIdeas([fresh], tips, [article])).toEqual([]);
  });
});
