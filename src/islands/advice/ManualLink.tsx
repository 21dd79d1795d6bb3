import { useEffect, useId, useRef } from 'react';

/** A tip's link that could be neither shared nor copied, shown selected for copying by hand. */
export default function ManualLink({ label, url }: { label: string; url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // Focus lands on the link, selected, so Ctrl+C (or a long press) is all that is left to do.
  useEffect(() => input.current?.focus(), []);
  return (
    <div className="mt-4 flex flex-col gap-2" data-share-link>
      <label htmlFor={id} className="text-sm font-bold text-haze">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="url"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="min-h-11 w-full rounded-xl border border-white/20 bg-night/60 px-3 text-sm text-cream"
      />
    </div>
  );
}
