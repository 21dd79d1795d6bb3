// What the toast library (sonner) leaves to the page: a toast that stays while it has focus, closes on
// Escape, and never covers the element that has focus. Each function takes the toasts' region (the
// Toaster's <section>) and stops when `signal` aborts.

const list = (region: HTMLElement) => region.querySelector<HTMLElement>('[data-sonner-toaster]');

/**
 * Keeps toasts open while focus is in them, as hovering does: sonner pauses its timers while its list
 * is expanded, which only the pointer (mouse moves over the list) does, so focus moves it the same way.
 */
export function pauseWhileFocused(region: HTMLElement, signal: AbortSignal): void {
  const onFocusIn = () => list(region)?.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
  const onFocusOut = (event: FocusEvent) => {
    const ol = list(region);
    if (!ol || region.contains(event.relatedTarget as Node | null) || ol.matches(':hover')) return;
    ol.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
  };
  // The pointer leaving the list un-pauses it (the toaster's own mouseleave, handled after this):
  // with focus still inside, pause it again once that has run.
  const onMouseOut = (event: MouseEvent) => {
    if (region.contains(event.relatedTarget as Node | null)) return;
    if (region.contains(document.activeElement)) setTimeout(onFocusIn);
  };
  region.addEventListener('focusin', onFocusIn, { signal });
  region.addEventListener('focusout', onFocusOut, { signal });
  region.addEventListener('mouseout', onMouseOut, { signal });
}

/**
 * Escape closes the toast that has focus (and focus goes back where it came from), or, from anywhere
 * else on the page, every toast: they only repeat what the page shows beside the fields.
 */
export function closeOnEscape(region: HTMLElement, dismissAll: () => void, signal: AbortSignal): void {
  let cameFrom: HTMLElement | null = null;
  const onFocusIn = (event: FocusEvent) => {
    const from = event.relatedTarget as HTMLElement | null;
    if (!region.contains(from)) cameFrom = from;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || !list(region)) return;
    const focused = document.activeElement?.closest<HTMLElement>('[data-sonner-toast]');
    if (!focused || !region.contains(focused)) return dismissAll();
    focused.querySelector<HTMLElement>('[data-close-button]')?.click();
    (cameFrom?.isConnected ? cameFrom : document.getElementById('main'))?.focus({ preventScroll: true });
  };
  region.addEventListener('focusin', onFocusIn, { signal });
  document.addEventListener('keydown', onKeyDown, { signal });
}

/** The height at the bottom of the screen that the toasts take when spread out (hovered, focused). */
function toastRoom(ol: HTMLElement): number {
  const toasts = [...ol.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
  if (toasts.length === 0) return 0;
  const gap = Number.parseFloat(getComputedStyle(ol).getPropertyValue('--gap')) || 14;
  const heights = toasts.reduce((sum, toast) => sum + toast.offsetHeight, 0);
  return innerHeight - ol.getBoundingClientRect().bottom + heights + gap * toasts.length;
}

/**
 * While toasts show (at the bottom of the screen), the page's scroll padding is their height, and the
 * focused element is scrolled clear of them: when a toast arrives or grows, when the page's layout
 * changes, and at every move of the focus (a browser scrolls a field that is partly on screen no
 * further, even under a toast).
 */
export function keepFocusClear(region: HTMLElement, signal: AbortSignal): void {
  const root = document.documentElement;
  let pending = false;
  const update = () => {
    pending = false;
    const ol = list(region);
    const room = ol ? toastRoom(ol) : 0;
    root.style.scrollPaddingBottom = room > 0 ? `${Math.ceil(room)}px` : '';
    const focused = document.activeElement;
    if (room === 0 || !(focused instanceof HTMLElement) || focused === document.body) return;
    if (region.contains(focused)) return;
    if (focused.getBoundingClientRect().bottom > innerHeight - room)
      focused.scrollIntoView({ block: 'nearest' });
  };
  const soon = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(update);
  };
  const observer = new MutationObserver(soon);
  observer.observe(region, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
  document.addEventListener('focusin', soon, { signal });
  // The page's own text moving the field down (a widget's list arriving above it) counts too.
  const resized = new ResizeObserver(soon);
  resized.observe(document.body);
  signal.addEventListener('abort', () => {
    observer.disconnect();
    resized.disconnect();
    root.style.scrollPaddingBottom = '';
  });
}
