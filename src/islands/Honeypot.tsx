/**
 * The honeypot field of a form: invisible to people and screen readers, irresistible to form-filling
 * bots. The API treats a filled one as a bot's and stores nothing.
 */
export default function Honeypot({ label }: { label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
