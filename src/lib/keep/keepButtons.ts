// The keep button of the tip pages, without a framework: shown only where a script runs (the page's
// HTML has it `invisible`, in its place), pressed state from this browser's kept tips.
import { isKept, keepTips, unkeepTip } from './keptTips.ts';

/** Shows and wires every `button[data-keep="<id>"]` of the page. */
export function wireKeepButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-keep]')) {
    const id = button.dataset.keep ?? '';
    const show = (kept: boolean) => button.setAttribute('aria-pressed', String(kept));
    show(isKept(id));
    button.classList.remove('invisible');
    button.addEventListener('click', () => {
      const kept = button.getAttribute('aria-pressed') === 'true';
      if (kept ? unkeepTip(id) : keepTips([id])) show(!kept);
    });
  }
}
