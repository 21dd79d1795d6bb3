// A tip drawn as a picture to post (a story or a feed post) on a canvas, in the share card's design
// (ShareCard.tsx) at the size of src/lib/shareCards/pictureLayout.ts. Loaded by the share button only when
// pressed, with the site's fonts cut for pictures: nothing of it reaches a page before then.
import type { Lang } from '../../i18n/languages.ts';
import { fitText } from '../shareCards/fitText.ts';
import {
  pictureColors as c,
  logoPaths,
  type PictureFace,
  type PictureFormat,
  pictureFaces,
  pictureFontPath,
  pictureFormats,
  pictureFrame,
  pictureMaxBytes,
  pictureTextBox,
  pictureScale as s,
} from '../shareCards/pictureLayout.ts';

/** What a picture shows: the tip and its category, and the site's name and address read from the page. */
export interface PictureTip {
  id: string;
  text: string;
  category: string;
}

const loaded = new Map<Lang, Promise<unknown>>();

/** A face's family name for pictures, apart from the page's own faces, which hold only the page's letters. */
const family = (lang: Lang, face: PictureFace) => `"Picture ${face.family} ${lang}"`;
const font = (lang: Lang, face: PictureFace, size: number) =>
  `${face.weight} ${size}px ${family(lang, face)}`;
const [tipFace, nameFace, labelFace] = pictureFaces;

/** The language's picture fonts, fetched once per visit. */
function loadFonts(lang: Lang): Promise<unknown> {
  const fonts =
    loaded.get(lang) ??
    Promise.all(
      pictureFaces.map(async (face) => {
        const url = `url("${pictureFontPath(lang, face)}")`;
        const fontFace = new FontFace(family(lang, face).slice(1, -1), url, { weight: String(face.weight) });
        document.fonts.add(await fontFace.load());
      }),
    );
  // A failed load (offline) may be tried again at the next press.
  fonts.catch(() => loaded.delete(lang));
  loaded.set(lang, fonts);
  return fonts;
}

/** The site's name and address as the page states them (its `og:site_name` and canonical link). */
function site(): { name: string; address: string } {
  const name = document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content ?? '';
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return { name, address: new URL(canonical ?? location.href).host };
}

/** The page's night-to-plum gradient and purple glow, as ShareCard.tsx draws them. */
function background(ctx: CanvasRenderingContext2D, width: number, height: number): void {
  ctx.fillStyle = c.night;
  ctx.fillRect(0, 0, width, height);
  // CSS's linear-gradient(165deg, …): a line through the middle whose ends reach the far corners.
  const angle = (165 * Math.PI) / 180;
  const [dx, dy] = [Math.sin(angle), -Math.cos(angle)];
  const half = (Math.abs(width * dx) + Math.abs(height * dy)) / 2;
  const [cx, cy] = [width / 2, height / 2];
  const linear = ctx.createLinearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half);
  linear.addColorStop(0, c.night);
  linear.addColorStop(0.55, c.plum);
  linear.addColorStop(1, c.deepNight);
  ctx.fillStyle = linear;
  ctx.fillRect(0, 0, width, height);
  // CSS's radial-gradient(circle at 8% 0%, …): a circle reaching the farthest corner.
  const glowX = 0.08 * width;
  const glow = ctx.createRadialGradient(glowX, 0, 0, glowX, 0, Math.hypot(width - glowX, height));
  glow.addColorStop(0, c.glow);
  glow.addColorStop(0.55, c.glowEnd);
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);
}

/** The category in a pill at the top left, the logo at the top right. */
function topRow(ctx: CanvasRenderingContext2D, lang: Lang, category: string, format: PictureFormat): void {
  const { width, padding, rows } = pictureFrame(format);
  const middle = padding.y + rows.top / 2;
  ctx.font = font(lang, labelFace, 24 * s);
  ctx.letterSpacing = `${2 * s}px`;
  const label = category.toLocaleUpperCase(lang);
  const pill = { width: ctx.measureText(label).width + 44 * s, height: 24 * s * 1.36 + 16 * s };
  ctx.fillStyle = c.label;
  ctx.beginPath();
  ctx.roundRect(padding.x, middle - pill.height / 2, pill.width, pill.height, pill.height / 2);
  ctx.fill();
  ctx.fillStyle = c.mint;
  ctx.fillText(label, padding.x + 22 * s, middle);
  ctx.letterSpacing = '0px';
  ctx.save();
  ctx.translate(width - padding.x - rows.top, padding.y);
  ctx.scale(rows.top / 40, rows.top / 40);
  ctx.fillStyle = c.sun;
  ctx.fill(new Path2D(logoPaths.bubble));
  ctx.fillStyle = c.night;
  ctx.fill(new Path2D(logoPaths.star));
  ctx.restore();
}

/**
 * The tip beside the accent bar, at the largest size that fits: fitText throws below 56 px, and the unit
 * test proves with the same fonts that no tip needs that.
 */
function tipText(ctx: CanvasRenderingContext2D, lang: Lang, text: string, format: PictureFormat): void {
  const { padding, rows, bar } = pictureFrame(format);
  const box = pictureTextBox(format);
  const top = padding.y + rows.top + rows.gap;
  ctx.fillStyle = c.sun;
  ctx.fillRect(padding.x, top, bar.width, box.height);
  ctx.font = font(lang, tipFace, 100);
  const { fontSize, lines } = fitText(text, (words) => ctx.measureText(words).width / 100, box);
  const lineHeight = fontSize * box.lineHeight;
  const first = top + (box.height - lines.length * lineHeight) / 2 + lineHeight / 2;
  ctx.font = font(lang, tipFace, fontSize);
  ctx.fillStyle = c.cream;
  for (const [i, line] of lines.entries())
    ctx.fillText(line, padding.x + bar.width + bar.gap, first + i * lineHeight);
}

/** The site's name at the bottom left, its address at the bottom right. */
function bottomRow(ctx: CanvasRenderingContext2D, lang: Lang, format: PictureFormat): void {
  const { width, height, padding, rows } = pictureFrame(format);
  const middle = height - padding.y - rows.bottom / 2;
  const { name, address } = site();
  ctx.font = font(lang, nameFace, 30 * s);
  ctx.fillStyle = c.sun;
  ctx.fillText(name.toLocaleUpperCase(lang), padding.x, middle);
  ctx.font = font(lang, labelFace, 26 * s);
  ctx.fillStyle = c.haze;
  ctx.textAlign = 'right';
  ctx.fillText(address, width - padding.x, middle);
  ctx.textAlign = 'left';
}

const encode = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), 'image/jpeg', quality),
  );

/**
 * A JPEG: every app that takes a picture takes one (a WebP is half the bytes, but Safari cannot make one
 * and some apps take it for a sticker), and a PNG of the glow's gradient is 0.5 to 1.8 MB. The quality
 * steps down from 0.8 only as far as the 120 KiB a picture may weigh needs (docs/measurements.md).
 */
async function jpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  let blob = await encode(canvas, 0.8);
  for (let quality = 0.75; blob.size > pictureMaxBytes && quality > 0.3; quality -= 0.05)
    blob = await encode(canvas, quality);
  return blob;
}

/** The tip drawn as a `format` picture, as a file named after the tip (`bg_5.story.jpg`). */
export async function tipPicture(tip: PictureTip, lang: Lang, format: PictureFormat): Promise<File> {
  await loadFonts(lang);
  const canvas = document.createElement('canvas');
  const { width, height } = pictureFrame(format);
  Object.assign(canvas, { width, height });
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.textBaseline = 'middle';
  background(ctx, width, height);
  topRow(ctx, lang, tip.category, format);
  tipText(ctx, lang, tip.text, format);
  bottomRow(ctx, lang, format);
  return new File([await jpeg(canvas)], `${tip.id}.${format}.jpg`, { type: 'image/jpeg' });
}

/** Both of the tip's pictures, to save where the share sheet takes no files. */
export function tipPictures(tip: PictureTip, lang: Lang): Promise<{ format: PictureFormat; file: File }[]> {
  return Promise.all(
    pictureFormats.map(async (format) => ({ format, file: await tipPicture(tip, lang, format) })),
  );
}
