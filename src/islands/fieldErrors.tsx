import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Each field's message, already in the page's language; a field without one is fine. */
export type FieldMessages<Field extends string> = Partial<Record<Field, string>>;

/**
 * A form's errors, each shown under its field and tied to it (`aria-invalid`, `aria-describedby`) until
 * the visitor corrects it: `show` marks the fields and moves focus to the first, in the form's order;
 * `recheck`, called as the visitor edits, keeps a message while its field is still wrong.
 */
export function useFieldErrors<Field extends string>(order: readonly Field[]) {
  const [errors, setErrors] = useState<FieldMessages<Field>>({});
  const elements = useRef(new Map<Field, HTMLElement | null>());
  const id = useId();
  const errorId = (field: Field) => `${id}-${field}-error`;

  /** Marks the fields that have a message and focuses the first; false when none has. */
  function show(found: FieldMessages<Field>): boolean {
    const first = order.find((field) => found[field]);
    if (!first) return false;
    // Rendered first, so the field is marked and described when focus arrives.
    flushSync(() => setErrors(found));
    elements.current.get(first)?.focus();
    return true;
  }

  function recheck(now: FieldMessages<Field>) {
    setErrors((shown) => {
      const kept = order.filter((field) => shown[field] && now[field]);
      const next = Object.fromEntries(kept.map((field) => [field, now[field]])) as FieldMessages<Field>;
      return order.every((field) => shown[field] === next[field]) ? shown : next;
    });
  }

  /** What a field (or its group) carries: `hint` is the id of a description it always has. */
  function describe(field: Field, hint?: string) {
    const described = [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': described || undefined };
  }

  /** The element focus goes to when `field` is the first in error. */
  const focusTarget = (field: Field) => (element: HTMLElement | null) => {
    elements.current.set(field, element);
  };

  return { errors, errorId, show, recheck, describe, focusTarget };
}

/** A field's error, under it; nothing while the field is fine. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-2 text-sm font-bold text-coral" data-field-error>
      {message}
    </p>
  );
}
