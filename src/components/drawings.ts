// The site's own small drawings for the pages (the islands' are in src/islands/icons.tsx): outlines on a
// 24 × 24 grid, drawn in the text's colour by LineIcon.astro, a hundred bytes or so each in the page.
import { thoughtIcon } from '../islands/icons.tsx';

/** A pencil: writing the tips and articles. */
export const penDrawing = 'M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4zM13.5 6.5l4 4';
/** Two people: the community, and articles about relationships. */
export const peopleDrawing =
  'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M16 4.2a3.5 3.5 0 0 1 0 6.6M21.5 20a6.5 6.5 0 0 0-4-6';
/** A steaming cup. */
export const cupDrawing =
  'M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5V9zM16 10.5h1.5a2.8 2.8 0 0 1 0 5.5H15.5M8 2.5c-.8 1 .8 2 0 3.5M12 2.5c-.8 1 .8 2 0 3.5M3 22h14';
/** A steaming bowl: lunch. */
export const bowlDrawing =
  'M3 11h18a9 9 0 0 1-18 0zM9 21h6M8 8c-1-1.5 1-2.5 0-4M12 8c-1-1.5 1-2.5 0-4M16 8c-1-1.5 1-2.5 0-4';
/** A heart. */
export const heartDrawing = 'M12 20.5S3 15 3 9a4.5 4.5 0 0 1 9-1 4.5 4.5 0 0 1 9 1c0 6-9 11.5-9 11.5z';
/** A thought cloud with a question in it: a page that is not there, or went wrong. */
export const lostDrawing = `${thoughtIcon}M10.3 8.6a2 2 0 1 1 2.7 1.9c-.6.3-1 .7-1 1.3M12 13.3h.01`;
/** A letter, ticked: confirming the subscription. */
export const letterDrawing = 'M3 5h18v10H3zM3 5l9 7 9-7M14 19l2.5 2.5L21 17';
/** A waving hand: unsubscribing, goodbye. */
export const waveDrawing =
  'M7 11V5.5a1.5 1.5 0 0 1 3 0V10m0-1.5V4a1.5 1.5 0 0 1 3 0v6m0-4.5a1.5 1.5 0 0 1 3 0V12m0-3.5a1.5 1.5 0 0 1 3 0V15a6 6 0 0 1-6 6h-1a6 6 0 0 1-5-2.7L4.3 14a1.5 1.5 0 0 1 2.5-1.7L7 13';
/** A ticked list: articles about productivity. */
export const listDrawing =
  'M10 6h10M10 12h10M10 18h10M4 6l1.3 1.3L7.8 4.8M4 12l1.3 1.3 2.5-2.5M4 18l1.3 1.3 2.5-2.5';
