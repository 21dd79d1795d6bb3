// Reads the course of five letters from content/newsletter/course/<lang>/*.md, checked like the build
// checks it (courseSchema.ts), and makes one letter's text: the rare tip is taken from content/tips.json
// when the letter is made, so the letter always says what the tip says today.
import fs from 'node:fs/promises';
import path from 'node:path';
import { readTips } from '../content.ts';
import { type Lang, languages, tipIdFor } from '../contract.ts';
import { readFrontmatter } from '../frontmatter.ts';
import {
  type CourseLetterSource,
  checkCourse,
  courseDays,
  courseLetterSchema,
  tipMarker,
} from './courseSchema.ts';
import { IssueError } from './issues.ts';

/** Every letter file of the course in every language, each checked against the frontmatter schema. */
export async function readLetterFiles(contentDir: string): Promise<CourseLetterSource[]> {
  const letters: CourseLetterSource[] = [];
  for (const language of languages) {
    const dir = path.join(contentDir, 'newsletter', 'course', language);
    const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.md')).sort();
    for (const name of files) {
      const file = path.join('content', 'newsletter', 'course', language, name);
      const source = await fs.readFile(path.join(dir, name), 'utf8');
      const frontmatter = readFrontmatter(source, courseLetterSchema);
      if ('problem' in frontmatter) throw new IssueError(`${file}: ${frontmatter.problem}`);
      letters.push({ file, language, data: frontmatter.data, markdown: frontmatter.body });
    }
  }
  return letters;
}

/**
 * The five letters in order, each in both languages with its rare tip's words (`step` 0-4 its place, `day`
 * its day); an IssueError names every problem (a missing day, a tip that is not rare).
 */
export async function loadCourse(contentDir: string) {
  const sources = await readLetterFiles(contentDir);
  const problems = checkCourse(sources, languages);
  const tips = await readTips(contentDir);
  for (const source of sources) {
    if (!tips.en.has(tipIdFor(source.data.tip, 'en'))) {
      problems.push(`${source.file}: tip ${source.data.tip} is not in content/tips.json`);
    }
  }
  if (problems.length > 0) throw new IssueError(`The course has problems:\n- ${problems.join('\n- ')}`);
  // Whole, as checked: one letter per language and day, its tip in tips.json (which has every tip in
  // both languages), the tip's words as they are today.
  const text = (language: Lang, day: number) => {
    const source = sources.find((letter) => letter.language === language && letter.data.day === day);
    const { data, markdown } = source as CourseLetterSource;
    const tip = tips[language].get(tipIdFor(data.tip, language)) ?? '';
    return { subject: data.subject, preview: data.preview, markdown, tip };
  };
  return courseDays.map((day, step) => ({ step, day, text: { en: text('en', day), bg: text('bg', day) } }));
}

/** The letter's Markdown with `tip` (a Markdown line) where `{{tip}}` stands and `{home}` made a link. */
export function fillCourseMarkdown(markdown: string, tip: string, home: string): string {
  return markdown
    .split('\n')
    .map((line) => (line.trim() === tipMarker ? tip : line))
    .join('\n')
    .replaceAll('{home}', home);
}
