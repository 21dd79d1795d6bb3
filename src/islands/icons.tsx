// The islands' small drawings, in one file so that they travel in one script.

/** A thumb up (turned for down): like and dislike. */
export const thumbIcon =
  'M7 10v11M7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7m0-11H4a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h3';
/** A thought cloud: the welcome card, and articles about mental health (src/components/drawings.ts). */
export const thoughtIcon =
  'M7.5 15.5a4 4 0 0 1-.6-8 5.5 5.5 0 0 1 10.4-.6 4.2 4.2 0 0 1 .2 8.6H7.5zM6 19.5h.01M3.5 22h.01';
/** An arrow out of a tray: share. */
export const shareIcon = 'M4 12v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7M16 6l-4-4-4 4M12 2v13';

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
