// The toasts in the site's own look rather than the library's: its colours through the library's own
// variables, and a close button of 44 px inside the card's end (the library's is 20 px, on its corner).
// Added by the toast area when it mounts, as the library adds its own styles: no page carries them
// before a toast can show.
import type { CSSProperties } from 'react';

/** The library's colour variables, set on its toaster element (they reach every toast). */
export const toastColours = {
  '--border-radius': '1rem',
  '--normal-bg': '#140b2b',
  '--normal-border': '#d9cdf5',
  '--normal-text': '#fff8ec',
  '--success-bg': '#140b2b',
  '--success-border': '#7ef0c4',
  '--success-text': '#fff8ec',
  '--error-bg': '#140b2b',
  '--error-border': '#ff8a80',
  '--error-text': '#fff8ec',
} as CSSProperties;

// One attribute more than the library's own rule for the button, so this wins wherever it is added.
const button = '[data-sonner-toaster] [data-sonner-toast][data-styled] [data-close-button]';

const css = `[data-sonner-toaster] [data-sonner-toast][data-styled]{border-width:2px;padding-inline-end:3.5rem;font-family:var(--font-sans);font-size:1rem}
${button}{left:auto;right:.25rem;top:50%;width:2.75rem;height:2.75rem;transform:translateY(-50%);border:0;background:transparent}
${button} svg{width:1.25rem;height:1.25rem}
${button}:hover{color:#ffd166;background:transparent}`;

/** Adds the look once to the page's head. */
export function addToastLook(): void {
  if (document.querySelector('style[data-toast-look]')) return;
  const style = document.createElement('style');
  style.dataset.toastLook = '';
  style.textContent = css;
  document.head.append(style);
}
