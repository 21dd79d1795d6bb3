// The build's checks of the course (content/newsletter/course): every file's frontmatter, every day in
// both languages, a rare tip in each letter that the generator never shows, and no paragraph that says
// again what a tip, an article, an issue or another letter says.
import fs from 'node:fs/promises';
import path from 'node:path';
import { readLetterFiles } from '../../../functions/newsletter/course.ts';
import { type CourseLetterSource, checkCourse } from '../../../functions/newsletter/courseSchema.ts';
import { languages } from '../../i18n/languages.ts';
import { combinedList } from '../tips/combinedList.ts';
import { isRare, type TipEntry } from '../tips/tipRules.ts';
import { findRepeatedIdeas, type Text } from './similarLetters.ts';

/** The ids the generator's list holds, by the same order and slot rule as tipLists.ts. */
export function generatorTipIds(tips: readonly TipEntry[]): Set<string> {
  const number = (id: string) => Number(id.replace('r', ''));
  const ids = tips.map((tip) => tip.id).sort((a, b) => number(a) - number(b));
  return new Set(
    combinedList(
      ids.filter((id) => !isRare(id)),
      ids.filter(isRare),
    ),
  );
}

/** What only the site knows about a letter's tip: it exists, and the generator never shows it. */
export function checkCourseTips(letters: readonly CourseLetterSource[], tips: readonly TipEntry[]): string[] {
  const known = new Set(tips.map((tip) => tip.id));
  const shown = generatorTipIds(tips);
  return letters.flatMap(({ file, data }) => {
    if (!known.has(data.tip)) return [`${file}: tip ${data.tip} is not in content/tips.json`];
    if (shown.has(data.tip))
      return [`${file}: tip ${data.tip} is one the generator shows; pick one it never does`];
    return [];
  });
}

async function readTexts(
  dir: string,
  language: 'en' | 'bg',
  name: (file: string) => string,
): Promise<Text[]> {
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => /\.mdx?$/.test(file));
  return Promise.all(
    files.map(async (file) => ({
      name: name(file),
      language,
      markdown: await fs.readFile(path.join(dir, file), 'utf8'),
    })),
  );
}

/** The letters, and every problem with them (none when the course is fine). */
export async function checkCourseContent(
  contentDir: string,
  tips: readonly TipEntry[],
): Promise<{ letters: CourseLetterSource[]; problems: string[] }> {
  const letters = await readLetterFiles(contentDir);
  const elsewhere: Text[] = [];
  for (const language of languages) {
    for (const kind of ['blog', 'newsletter']) {
      const dir = path.join(contentDir, kind, language);
      elsewhere.push(...(await readTexts(dir, language, (file) => `content/${kind}/${language}/${file}`)));
    }
  }
  const problems = [
    ...checkCourse(letters, languages),
    ...checkCourseTips(letters, tips),
    ...findRepeatedIdeas(
      letters.map(({ file, language, markdown }) => ({ name: file, language, markdown })),
      tips,
      elsewhere,
    ),
  ];
  return { letters, problems };
}
