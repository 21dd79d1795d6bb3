import { useId, useState } from 'react';
import { flushSync } from 'react-dom';

/** Each field's message, already in the page's language; a field without one is fine. */
export type FieldMessages<Field extends string> = Partial<Record<Field, string>>;

/**
 * A form's errors, each shown under its field and tied to it (`aria-invalid`, `aria-describedby`) until
 * the visitor corrects it: `show` marks the fields and moves focus to the first in the form;
 * `recheck`, called as the visitor edits, keeps a message while its field is still wrong.
 */
export function useFieldErrors<Field extends string>() {
  const [errors, setErrors] = useState<FieldMessages<Field>>({});
  const id = useId();
  const errorId = (field: Field) => `${id}-${field}-error`;

  /** Marks the fields that have a message and focuses the first of `form`; false when none has. */
  function show(found: FieldMessages<Field>, form: HTMLFormElement): boolean {
    if (!Object.values(found).some(Boolean)) return false;
    // Rendered first, so the field is marked and described when focus arrives.
    flushSync(() => setErrors(found));
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    return true;
  }

  function recheck(now: FieldMessages<Field>) {
    setErrors((shown) => {
      const fields = Object.keys(shown) as Field[];
      const kept = fields.filter((field) => shown[field] && now[field]);
      const next = Object.fromEntries(kept.map((field) => [field, now[field]])) as FieldMessages<Field>;
      return fields.every((field) => shown[field] === next[field]) ? shown : next;
    });
  }

  /** What a field (or each input of its group) carries: `hint` is the id of a description it always has. */
  function describe(field: Field, hint?: string) {
    const described = [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': described || undefined };
  }

  /** A field's error, under it; nothing while the field is fine. */
  function message(field: Field) {
    if (!errors[field]) return null;
    return (
      <p id={errorId(field)} className="mt-2 text-sm font-bold text-coral" data-field-error>
        {errors[field]}
      </p>
    );
  }

  return { show, recheck, describe, message };
}
