// The tip pages' one script, inline (bundled by src/lib/inlineScript.ts), without a framework: keep, like
// and dislike, and share. Their buttons are hidden in the page's HTML and shown here, where they work.
// Inline, not a file: the few files its modules would make cost more in headers than in code.
import { fill } from '../../i18n/fill.ts';
import { sendTipRating } from '../../stores/advice.ts';
import { wireKeepButtons } from '../keep/keepButtons.ts';
import type { PictureFormat } from '../shareCards/pictureLayout.ts';
import type * as Drawing from '../sharePicture/tipPicture.ts';
import { canSharePictures, shareTip } from '../shareTip.ts';

const actions = document.querySelector<HTMLElement>('[data-tip-actions]');
const text = document.querySelector('main h1')?.textContent?.trim() ?? '';
const lang = document.documentElement.lang === 'bg' ? 'bg' : 'en';

wireKeepButtons();
if (actions) {
  wireRating(actions);
  wireSharing(actions);
}

/** Like or dislike, once: the buttons give way to the thanks, and focus goes on to sharing. */
function wireRating(root: HTMLElement): void {
  const ask = root.querySelector<HTMLElement>('[data-rate]');
  const status = root.querySelector<HTMLElement>('[data-rated]');
  if (!ask || !status) return;
  ask.hidden = false;
  for (const button of ask.querySelectorAll<HTMLButtonElement>('button[data-rating]')) {
    button.addEventListener('click', () => {
      sendTipRating({ id: root.dataset.tipActions ?? '', text }, lang, button.dataset.rating === '1' ? 1 : 0);
      ask.hidden = true;
      // The body face: the page's display face is cut to the text it was built with.
      status.className = 'rounded-full bg-mint px-6 py-3 text-lg font-bold text-night';
      status.textContent = root.dataset.thanks ?? '';
      root.querySelector<HTMLElement>('[data-share]')?.focus();
    });
  }
}

/**
 * Share this page's address: the share sheet, with the tip's post picture where it takes files, or the
 * clipboard, and a line saying which; where no picture went, links to save both.
 */
function wireSharing(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button[data-share]');
  const status = root.querySelector<HTMLElement>('[data-share-status]');
  if (!button || !status) return;
  button.classList.remove('invisible');
  const tip = { id: root.dataset.tipActions ?? '', text, category: root.dataset.tipCategory ?? '' };
  // The drawing, the home card's own, published apart (src/lib/sharePicture/pictureScript.ts) and fetched
  // only on the press with its fonts: the page carries none of it.
  const drawing = () => import(root.dataset.pictureScript ?? '') as Promise<typeof Drawing>;
  button.addEventListener('click', async () => {
    const url = `${location.origin}${location.pathname}`;
    // The post picture (4:5) suits a feed, a story and a chat alike.
    const outcome = await shareTip({ url, text, title: root.dataset.shareTitle ?? text }, () =>
      drawing().then(({ tipPicture }) => tipPicture(tip, lang, 'post')),
    );
    const { shared = '', copied = '', failed = '' } = root.dataset;
    const said = { shared, copied, failed: fill(failed, { url }), cancelled: '' }[outcome];
    status.textContent = said;
    if (canSharePictures() && (outcome === 'shared' || outcome === 'cancelled')) return;
    const pictures = await drawing()
      .then(({ tipPictures }) => tipPictures(tip, lang))
      .catch(() => []);
    offerPictures(root, pictures);
  });
}

let pictureUrls: string[] = [];

/** Links that save the drawn pictures (none: the links hide), each to its file in memory, freed when replaced. */
function offerPictures(root: HTMLElement, pictures: { format: PictureFormat; file: File }[]): void {
  const links = root.querySelector<HTMLElement>('[data-save-pictures]');
  if (!links) return;
  for (const url of pictureUrls) URL.revokeObjectURL(url);
  pictureUrls = pictures.map(({ file }) => URL.createObjectURL(file));
  for (const [i, { format, file }] of pictures.entries()) {
    const link = links.querySelector<HTMLAnchorElement>(`[data-save-picture="${format}"]`);
    if (!link) continue;
    link.href = pictureUrls[i] ?? '';
    link.download = file.name;
  }
  links.hidden = pictures.length === 0;
}
