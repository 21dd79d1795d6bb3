// What each form sent through its store is made of.

import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useHydrated } from '../lib/hydration/useHydrated.ts';
import { type FieldMessages, useFieldErrors } from './fieldErrors.tsx';
import { Spinner } from './icons.tsx';
import { type OutcomeToast, showOutcome } from './outcomeToast.ts';

interface Options<Values, Field extends string, Outcome extends { kind: string }, Key extends string> {
  /** The form's values as the visitor left them (also before hydration: the inputs keep them). */
  read: (form: HTMLFormElement) => Values;
  /** Each field's message for these values, or, after a send, for its outcome. */
  messages: (values: Values, kind?: Outcome['kind']) => FieldMessages<Field>;
  /** The store's action: resolves with the outcome, or null when it did nothing. */
  send: (values: Values) => Promise<Outcome | null>;
  toasts: Record<Outcome['kind'], OutcomeToast<Key>>;
  labels: Record<Key, string>;
  /** What else an outcome does once it is shown (clears the form, say). */
  after?: (outcome: Outcome, form: HTMLFormElement) => void;
}

/**
 * A form sent through its store. An outcome about a field is said once, beside that field (focus on the
 * first); any other shows its toast and says itself in the line under the form (focus on it).
 */
export function useSentForm<
  Values,
  Field extends string,
  Outcome extends { kind: string },
  Key extends string,
>(options: Options<Values, Field, Outcome, Key>) {
  const { read, messages, toasts, labels } = options;
  const errors = useFieldErrors<Field>();
  const [said, setSaid] = useState<Outcome['kind'] | null>(null);
  const line = useRef<HTMLParagraphElement>(null);

  const lineText = (kind: Outcome['kind']) => {
    const toast = toasts[kind];
    return toast.line === false ? undefined : labels[toast.description ?? toast.title];
  };

  async function send(form: HTMLFormElement) {
    const values = read(form);
    setSaid(null);
    const outcome = await options.send(values);
    if (!outcome) return;
    if (errors.show(messages(values, outcome.kind), form)) return;
    showOutcome(outcome, toasts, labels);
    flushSync(() => setSaid(outcome.kind));
    if (lineText(outcome.kind)) line.current?.focus();
    options.after?.(outcome, form);
  }

  return {
    errors,
    form: {
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void send(event.currentTarget);
      },
      onChange: (event: FormEvent<HTMLFormElement>) => errors.recheck(messages(read(event.currentTarget))),
    },
    // The live region is there, empty, from the first render, so screen readers announce the text it
    // gets later; focus can rest on it (tabIndex -1) once the form has been sent.
    status: (
      <p
        ref={line}
        role="status"
        tabIndex={-1}
        className={`mt-4 empty:mt-0 ${said && toasts[said].tone === 'success' ? 'text-mint' : 'font-bold text-coral'}`}
        data-form-status
      >
        {said && lineText(said)}
      </p>
    ),
  };
}

interface SubmitProps {
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
export function SubmitButton({ busy, label, busyLabel, className }: SubmitProps) {
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

/**
 * The honeypot field of a form: invisible to people and screen readers, irresistible to form-filling
 * bots. The API treats a filled one as a bot's and stores nothing.
 */
export function Honeypot({ label }: { label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
