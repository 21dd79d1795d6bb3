/** A small spinning ring for buttons that are working; hidden from screen readers (the label says it). */
export default function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-5 shrink-0 animate-spin rounded-full border-3 border-night/30 border-t-night"
    />
  );
}
