import { useEffect, useRef } from 'react';
import { Toaster, toast } from 'sonner';
import { toastsReady } from './outcomeToast.ts';
import { closeOnEscape, keepFocusClear, pauseWhileFocused } from './toastFocus.ts';
import { addToastLook, toastColours } from './toastLook.ts';

interface Props {
  /** The notifications region's name for screen readers, in the page's language. */
  label: string;
  /** Each toast's close button, in the page's language. */
  closeLabel: string;
}

/**
 * The one toast area of a page: every island's `toast()` (success and error messages) shows here, at
 * the bottom, where it covers no field that focus moves to (toastFocus.ts keeps it so).
 */
export default function Toasts({ label, closeLabel }: Props) {
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    addToastLook();
    const stop = new AbortController();
    pauseWhileFocused(element, stop.signal);
    closeOnEscape(element, () => toast.dismiss(), stop.signal);
    keepFocusClear(element, stop.signal);
    // The Toaster (a child) listens from its own effect, which ran before this one.
    document.documentElement.setAttribute('data-toasts', '');
    document.dispatchEvent(new Event(toastsReady));
    return () => stop.abort();
  }, []);

  return (
    <Toaster
      ref={region}
      theme="dark"
      position="bottom-center"
      richColors
      closeButton
      containerAriaLabel={label}
      style={toastColours}
      toastOptions={{ closeButtonAriaLabel: closeLabel }}
    />
  );
}
