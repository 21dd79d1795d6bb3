import { z } from 'zod';
import type { Lang } from '../contract.ts';

/** The days after confirming on which the letters of the course go: one a week, the last two days before the purge. */
export const courseDays = [0, 7, 14, 21, 28] as const;

/** Where the rare tip of a letter goes: a line of its own, in every letter once. */
export const tipMarker = '{{tip}}';

/**
 * Frontmatter of a letter of the course, `content/newsletter/course/<lang>/<file>.md`: its place in the
 * course (`order` 1-5 and the `day` it goes), the subject and preview line, and the rare tip it carries
 * (an id of content/tips.json, its text filled in when the letter is made). Checked by the site build and
 * by the functions when they load the course.
 */
export const courseLetterSchema = z.object({
  order: z.number().int().min(1).max(courseDays.length),
  day: z
    .number()
    .int()
    .refine((day) => (courseDays as readonly number[]).includes(day), {
      message: `must be one of the course's days: ${courseDays.join(', ')}`,
    }),
  // Mail programs cut a subject at about 60 characters on a phone and a preview at about 100.
  subject: z.string().trim().min(1).max(60),
  preview: z.string().trim().min(20).max(110),
  tip: z.string().regex(/^r[1-9]\d*$/, 'must be the id of a rare tip, e.g. r12'),
});

/** A letter in one language as the build and the functions check it: its frontmatter and Markdown. */
export interface CourseLetterSource {
  file: string;
  language: Lang;
  data: z.infer<typeof courseLetterSchema>;
  markdown: string;
}

/**
 * What no single file can show: every language has one letter for every day, in order, and the
 * languages agree on each letter's order and tip; each letter has its tip's place once. One line per
 * problem; none means the course is whole.
 */
export function checkCourse(letters: readonly CourseLetterSource[], languages: readonly string[]): string[] {
  const problems: string[] = [];
  for (const language of languages) {
    const own = letters.filter((letter) => letter.language === language);
    courseDays.forEach((day, index) => {
      const onDay = own.filter((letter) => letter.data.day === day);
      if (onDay.length !== 1) {
        problems.push(
          `${language}: ${onDay.length === 0 ? 'no letter' : 'more than one letter'} for day ${day}`,
        );
      } else if (onDay[0]?.data.order !== index + 1) {
        problems.push(`${onDay[0]?.file}: the letter of day ${day} must have order ${index + 1}`);
      }
    });
    const tips = new Set(own.map((letter) => letter.data.tip));
    if (tips.size !== own.length) problems.push(`${language}: two letters carry the same tip`);
  }
  for (const letter of letters) {
    const markers = letter.markdown.split('\n').filter((line) => line.trim() === tipMarker).length;
    if (markers !== 1)
      problems.push(`${letter.file}: needs the line ${tipMarker} exactly once (has ${markers})`);
    const twin = letters.find(
      (other) => other.language !== letter.language && other.data.day === letter.data.day,
    );
    if (twin && twin.data.tip !== letter.data.tip) {
      problems.push(
        `${letter.file}: carries tip ${letter.data.tip}, its ${twin.language} twin ${twin.data.tip}`,
      );
    }
  }
  return problems;
}
