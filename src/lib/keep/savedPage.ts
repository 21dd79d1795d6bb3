// The kept tips' page (/saved, /bg/saved): this browser's kept tips, newest first, each a link to its
// page with a button to let it go; a link that carries the list to another device in its fragment; and,
// opened from such a link, the list it carries with one press to keep it here.
import { idsFromFragment, keepTips, keptTips, listFragment, unkeepTip } from './keptTips.ts';

/** Each tip's id in the page's language and its text, by language-neutral id (saved.json.ts). */
type Texts = Record<string, [string, string]>;

const part = <T extends HTMLElement>(root: HTMLElement, name: string) =>
  root.querySelector<T>(`[data-saved="${name}"]`) as T;

/** One list entry: the tip as a link to its page, and a button that removes it when `onRemove` is given. */
function entry(root: HTMLElement, id: string, texts: Texts, onRemove?: (item: HTMLLIElement) => void) {
  const [langId, text] = texts[id] ?? [];
  const item = document.createElement('li');
  item.className = 'flex items-start justify-between gap-3 rounded-2xl border border-white/10 bg-white/5 p-4';
  item.dataset.tip = id;
  const link = document.createElement('a');
  link.href = `${root.dataset.tipPath}${langId}`;
  link.textContent = text ?? '';
  link.className = 'text-cream underline decoration-mint/40 underline-offset-4 hover:text-sun';
  item.append(link);
  if (onRemove) {
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = root.dataset.removeLabel ?? '';
    remove.setAttribute('aria-label', `${root.dataset.removeLabel}: ${text}`);
    remove.className =
      'shrink-0 cursor-pointer rounded-full px-3 py-1 text-sm font-bold text-haze hover:bg-white/10 hover:text-sun';
    remove.addEventListener('click', () => onRemove(item));
    item.append(remove);
  }
  return item;
}

function showKept(root: HTMLElement, texts: Texts): void {
  const list = part<HTMLOListElement>(root, 'list');
  const status = part(root, 'status');
  const ids = keptTips()
    .map((tip) => tip.id)
    .filter((id) => id in texts);
  const refresh = () => {
    const left = [...list.querySelectorAll<HTMLLIElement>('li')].map((item) => item.dataset.tip ?? '');
    part(root, 'empty').hidden = left.length > 0;
    part(root, 'send').hidden = left.length === 0;
    part<HTMLAnchorElement>(root, 'sendLink').href = `${location.pathname}${listFragment(left)}`;
  };
  const remove = (item: HTMLLIElement) => {
    unkeepTip(item.dataset.tip ?? '');
    // Focus goes on to the next entry's button (or the one before), never lost to the page's top.
    const next = (item.nextElementSibling ?? item.previousElementSibling)?.querySelector('button');
    item.remove();
    status.textContent = root.dataset.removedLabel ?? '';
    (next ?? part(root, 'title')).focus();
    refresh();
  };
  list.replaceChildren(...ids.map((id) => entry(root, id, texts, remove)));
  refresh();
}

function showSent(root: HTMLElement, texts: Texts, ids: readonly string[]): void {
  const sent = part(root, 'sent');
  part<HTMLOListElement>(root, 'sentList').replaceChildren(...ids.map((id) => entry(root, id, texts)));
  sent.hidden = false;
  part<HTMLButtonElement>(root, 'keepSent').addEventListener('click', () => {
    if (!keepTips(ids)) return;
    // The list is kept: the link's fragment has done its work.
    history.replaceState(null, '', location.pathname);
    sent.hidden = true;
    part(root, 'status').textContent = root.dataset.keptLabel ?? '';
    showKept(root, texts);
    part(root, 'title').focus();
  });
}

/** Fills the page from this browser's kept tips and the fragment's list, once the tips' texts are in. */
export async function showSavedPage(): Promise<void> {
  const root = document.querySelector<HTMLElement>('[data-saved-page]');
  if (!root) return;
  // Hidden in the HTML: without a script nothing is loading (the page's <noscript> line says so).
  part(root, 'loading').hidden = false;
  try {
    const texts: Texts = await (await fetch(root.dataset.texts ?? '')).json();
    part(root, 'loading').hidden = true;
    const sent = idsFromFragment(location.hash).filter((id) => id in texts);
    if (sent.length > 0) showSent(root, texts, sent);
    showKept(root, texts);
  } catch {
    part(root, 'loading').hidden = true;
    part(root, 'failed').hidden = false;
  }
}
