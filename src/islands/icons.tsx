// The islands' small drawings, in one file so that they travel in one script.

interface IconProps {
  /** The outline, drawn on a 24 × 24 grid. */
  d: string;
  size: number;
  stroke: number;
  filled?: boolean;
  className?: string;
}

/** A line icon in the text's colour, hidden from screen readers (a label beside it says what it is). */
export function Icon({ d, size, stroke, filled = false, className }: IconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}

/** A small spinning ring for buttons that are working; hidden from screen readers (the label says it). */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-5 shrink-0 animate-spin rounded-full border-3 border-night/30 border-t-night"
    />
  );
}
