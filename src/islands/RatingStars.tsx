import { Icon } from './icons.tsx';

const star = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.1l-5.7 3.2 1.2-6.4-4.7-4.4 6.4-.8z';

/** The average as five stars, for the eye (the summary says it in words). */
export function StarRow({ value }: { value: number }) {
  const full = Math.round(value);
  return (
    <span className="inline-flex text-sun" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= full} size={22} />
      ))}
    </span>
  );
}

export function StarIcon({ filled, size }: { filled: boolean; size: number }) {
  return <Icon d={star} size={size} stroke={1.8} filled={filled} />;
}
