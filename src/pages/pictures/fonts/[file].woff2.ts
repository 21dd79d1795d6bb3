import type { APIRoute, GetStaticPaths } from 'astro';
import { type Lang, languages } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';
import { pictureFont, pictureFontText } from '../../../lib/shareCards/pictureFonts.ts';
import { type PictureFace, pictureFaces, pictureFontPath } from '../../../lib/shareCards/pictureLayout.ts';
import { allTips } from '../../../lib/tips/tipLists.ts';

/** The tip pictures' fonts, per language and face (src/lib/shareCards/pictureFonts.ts). */
export const getStaticPaths = (() =>
  languages.flatMap((lang) =>
    pictureFaces.map((face) => ({
      params: {
        file: pictureFontPath(lang, face)
          .replace(/^.*\//, '')
          .replace(/\.woff2$/, ''),
      },
      props: { lang, face },
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute<{ lang: Lang; face: PictureFace }> = async ({ props: { lang, face } }) => {
  const text = pictureFontText(face, { tips: await allTips(lang), siteName: translator(lang)('site.name') });
  const font = await pictureFont(face, text);
  return new Response(new Uint8Array(font), { headers: { 'Content-Type': 'font/woff2' } });
};
