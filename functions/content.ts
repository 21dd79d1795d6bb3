// Which tips (and what they say) and articles exist, read from the content folder at run time so that a new
// article file (or a new tips.json) is picked up without a code change or restart.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Lang, tipIdFor } from './contract.ts';

export interface Content {
  /** `en_5`/`en_r3` for English, `5`/`r3` for Bulgarian; any other pairing is unknown. */
  isKnownTip(tipId: string, language: Lang): Promise<boolean>;
  isKnownArticle(id: number): Promise<boolean>;
  /** The article's title in `language`, else in the other language; undefined for an unknown article. */
  articleTitle(id: number, language: Lang): Promise<string | undefined>;
}

// Re-read at most this often: cheap, and a dropped-in file shows up within a second.
const refreshMs = 1000;

// The same problem is reported once, not on every refresh.
const reported = new Set<string>();
function reportOnce(message: string) {
  if (reported.has(message)) return;
  reported.add(message);
  console.error(message);
}

/** Every tip of `tips.json` per language, keyed by that language's site id (`en_5` / `5`), with its text. */
export type Tips = Record<Lang, Map<string, string>>;

/**
 * Reads `tips.json`, the one place the functions learn which tips exist and what they say; throws
 * when the file cannot be read or parsed. An entry without a valid id (`5`, `r3`) is skipped.
 */
export async function readTips(contentDir: string): Promise<Tips> {
  const tips: Tips = { en: new Map(), bg: new Map() };
  const list: unknown = JSON.parse(await fs.readFile(path.join(contentDir, 'tips.json'), 'utf8'));
  for (const tip of Array.isArray(list) ? list : []) {
    const { id, en, bg } = (tip ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || !/^r?\d+$/.test(id)) continue;
    tips.en.set(tipIdFor(id, 'en'), typeof en === 'string' ? en : '');
    tips.bg.set(tipIdFor(id, 'bg'), typeof bg === 'string' ? bg : '');
  }
  return tips;
}

/** The tips, or none when tips.json is unreadable: the API then refuses tip ratings instead of failing. */
async function readTipsOrNone(contentDir: string): Promise<Tips> {
  try {
    return await readTips(contentDir);
  } catch (error) {
    reportOnce(`Cannot read tips (every tip rating will be refused): ${(error as Error).message}`);
    return { en: new Map(), bg: new Map() };
  }
}

const frontmatterPattern = /^---\r?\n([\s\S]*?)\r?\n---/;
const idPattern = /^id:\s*["']?(\d+)["']?\s*$/m;
const titlePattern = /^title:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|(.+?))\s*$/m;

/** Every article's title per language, by id. */
type Articles = Map<number, Partial<Record<Lang, string>>>;

/** The `id:` and `title:` of every `content/blog/<lang>/*.mdx` (or .md) frontmatter. */
async function readArticles(contentDir: string): Promise<Articles> {
  const articles: Articles = new Map();
  const blogDir = path.join(contentDir, 'blog');
  const languages = await fs.readdir(blogDir, { withFileTypes: true }).catch(() => []);
  for (const language of languages.filter((entry) => entry.isDirectory())) {
    const dir = path.join(blogDir, language.name);
    for (const file of await fs.readdir(dir).catch(() => [])) {
      if (!/\.mdx?$/.test(file)) continue;
      const source = await fs.readFile(path.join(dir, file), 'utf8').catch(() => '');
      const frontmatter = frontmatterPattern.exec(source)?.[1] ?? '';
      const id = frontmatter.match(idPattern)?.[1];
      if (!id) continue;
      const titles = articles.get(Number(id)) ?? {};
      const title = titlePattern.exec(frontmatter);
      const text = title?.[1]?.replace(/\\(.)/g, '$1') ?? title?.[2]?.replaceAll("''", "'") ?? title?.[3];
      if (text && (language.name === 'en' || language.name === 'bg')) titles[language.name] = text;
      articles.set(Number(id), titles);
    }
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

export function createContent(contentDir: string): Content {
  const tips = cached(() => readTipsOrNone(contentDir));
  const articles = cached(() => readArticles(contentDir));
  return {
    isKnownTip: async (tipId, language) => (await tips())[language].has(tipId),
    isKnownArticle: async (id) => (await articles()).has(id),
    articleTitle: async (id, language) => {
      const titles = (await articles()).get(id);
      return titles && (titles[language] ?? titles.en ?? titles.bg ?? `#${id}`);
    },
  };
}
