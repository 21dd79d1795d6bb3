// A letter's page opened without its token says so before the first paint: the page's own script runs
// after the paint and would swap the text under the reader (a layout shift). Placed at the end of the
// page's root, which names the outcome to show in `data-no-token`.
import { showOutcome } from './outcome.ts';

const root = document.currentScript?.closest<HTMLElement>('[data-link-page]');
const token = /(^|[#&?])token=/.test(`${location.hash}&${location.search.slice(1)}`);
if (root?.dataset.noToken && !token) showOutcome(root, root.dataset.noToken);
