import { useHydrated } from '../lib/hydration/useHydrated.ts';
import Spinner from './Spinner.tsx';

interface Props {
  busy: boolean;
  label: string;
  busyLabel: string;
  className: string;
}

/**
 * A form's send button. It stays focusable while the form is being sent (`aria-disabled`, not
 * `disabled`, which would drop the visitor's focus to the page). Until the island has hydrated it is a
 * plain button, so an early press never sends the form the browser's way; the hydration directive
 * keeps that press and sends the form once it can (`data-submit`, src/lib/hydration/heldPresses.ts).
 */
export default function SubmitButton({ busy, label, busyLabel, className }: Props) {
  const ready = useHydrated();
  return (
    <button
      type={ready ? 'submit' : 'button'}
      data-submit
      aria-disabled={busy || undefined}
      className={`inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-full px-6 font-display font-bold text-night transition aria-disabled:cursor-wait aria-disabled:opacity-75 ${className}`}
    >
      {busy && <Spinner />}
      {busy ? busyLabel : label}
    </button>
  );
}
