import type { Ref } from 'react';

interface Props {
  /** What became of the form, or nothing yet. */
  message: string | undefined;
  tone: 'success' | 'error';
  ref?: Ref<HTMLParagraphElement>;
}

/**
 * A form's outcome line. The live region is there, empty, from the first render, so screen readers
 * announce the text it gets later; focus can rest on it (tabIndex -1) once the form has been sent.
 */
export default function FormStatus({ message, tone, ref }: Props) {
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className={`mt-4 empty:mt-0 ${tone === 'success' ? 'text-mint' : 'font-bold text-coral'}`}
      data-form-status
    >
      {message}
    </p>
  );
}
