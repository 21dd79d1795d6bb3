// The 404 page's inline script (bundled by src/lib/inlineScript.ts): logs the bad path, then applies
// the unknown-article rule.
import { unknownArticleTarget } from './unknownArticleTarget.ts';

// Logged as information (the spec asks for the path in the log): a missing page is not the page's error.
console.info('404: no page at', location.pathname);
const to = unknownArticleTarget(location.pathname);
if (to) location.replace(to);
