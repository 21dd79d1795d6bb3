// Which tips (and what they say) and articles exist, read from the content folder at run time so that a new
// article file (or a new tips.json) is picked up without a code change or restart.
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { type Lang, tipIdFor } from './contract.ts';
import { readFrontmatter } from './frontmatter.ts';
import { dayTipIds, tipOfTheDay } from './tipOfTheDay.ts';
import { tipSchema } from './tipSchema.ts';

// Re-read at most this often: cheap, and a dropped-in file shows up within a second.
const refreshMs = 1000;

// The same problem is reported once, not on every refresh.
const reported = new Set<string>();

/** Every tip of `tips.json` per language, keyed by that language's site id (`en_5` / `5`), with its text. */
export type Tips = Record<Lang, Map<string, string>>;

/**
 * Reads `tips.json`, the one place the functions learn which tips exist and what they say; throws
 * when the file cannot be read or parsed. An entry the site's rule refuses (tipSchema) is skipped.
 */
export async function readTips(contentDir: string): Promise<Tips> {
  const tips: Tips = { en: new Map(), bg: new Map() };
  const list: unknown = JSON.parse(await fs.readFile(path.join(contentDir, 'tips.json'), 'utf8'));
  for (const entry of Array.isArray(list) ? list : []) {
    const tip = tipSchema.safeParse(entry);
    if (!tip.success) continue;
    const { id, en, bg } = tip.data;
    tips.en.set(tipIdFor(id, 'en'), en);
    tips.bg.set(tipIdFor(id, 'bg'), bg);
  }
  return tips;
}

/** The tips, or none when tips.json is unreadable: the API then refuses tip ratings instead of failing. */
const readTipsOrNone = (contentDir: string): Promise<Tips> =>
  readTips(contentDir).catch((error: unknown) => {
    const message = `Cannot read tips (every tip rating will be refused): ${error instanceof Error ? error.message : String(error)}`;
    if (!reported.has(message)) console.error(message);
    reported.add(message);
    return { en: new Map(), bg: new Map() };
  });

// What the API needs of an article: its id (for comments) and title (for letters to the operator).
// The build checks the rest; a file this cannot read is left out, so comments on it are refused.
const articleSchema = z.object({ id: z.coerce.number().int().positive(), title: z.string().optional() });

/** Every article's title per language, by id. */
type Articles = Map<number, Partial<Record<Lang, string>>>;

/** The `id:` and `title:` of every `content/blog/<lang>/*.mdx` (or .md) frontmatter. */
async function readArticles(contentDir: string): Promise<Articles> {
  const articles: Articles = new Map();
  for await (const file of fs.glob('blog/*/*.{md,mdx}', { cwd: contentDir })) {
    const source = await fs.readFile(path.join(contentDir, file), 'utf8').catch(() => '');
    const frontmatter = readFrontmatter(source, articleSchema);
    if ('problem' in frontmatter) continue;
    const { id, title } = frontmatter.data;
    const language = path.basename(path.dirname(file));
    const titles = articles.get(id) ?? {};
    if (title && (language === 'en' || language === 'bg')) titles[language] = title;
    articles.set(id, titles);
  }
  return articles;
}

/** Caches `load` for `refreshMs`; concurrent callers share one read. */
function cached<T>(load: () => Promise<T>) {
  let value: Promise<T> | undefined;
  let loadedAt = 0;
  return () => {
    if (!value || Date.now() - loadedAt > refreshMs) {
      loadedAt = Date.now();
      value = load();
    }
    return value;
  };
}

export type Content = ReturnType<typeof createContent>;

export function createContent(contentDir: string) {
  const tips = cached(() => readTipsOrNone(contentDir));
  const articles = cached(() => readArticles(contentDir));
  return {
    /** `en_5`/`en_r3` for English, `5`/`r3` for Bulgarian; any other pairing is unknown. */
    isKnownTip: async (tipId: string, language: Lang) => (await tips())[language].has(tipId),
    /** The tip of `date` (tipOfTheDay.ts): its base id and, per language, its id and text. */
    tipOfTheDay: async (date: string) => {
      const known = await tips();
      const ids = dayTipIds(known.bg.keys());
      if (ids.length === 0) return undefined;
      const id = tipOfTheDay(date, ids);
      const inLang = (lang: Lang) => ({
        id: tipIdFor(id, lang),
        text: known[lang].get(tipIdFor(id, lang)) ?? '',
      });
      return { id, en: inLang('en'), bg: inLang('bg') };
    },
    isKnownArticle: async (id: number) => (await articles()).has(id),
    /** The article's title in `language`, else in the other language; undefined for an unknown article. */
    articleTitle: async (id: number, language: Lang) => {
      const titles = (await articles()).get(id);
      return titles && (titles[language] ?? titles.en ?? titles.bg ?? `#${id}`);
    },
  };
}
