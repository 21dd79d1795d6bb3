interface Props {
  /** The outline, drawn on a 24 × 24 grid. */
  d: string;
  size: number;
  stroke: number;
  filled?: boolean;
  className?: string;
}

/** A line icon in the text's colour, hidden from screen readers (a label beside it says what it is). */
export default function Icon({ d, size, stroke, filled = false, className }: Props) {
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
