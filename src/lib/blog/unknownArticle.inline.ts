// The 404 page's inline script (bundled by src/lib/inlineScript.ts): logs the bad path, then applies
// the unknown-article rule.
import { unknownArticleTarget } from './unknownArticleTarget.ts';

console.error('404: no page at', location.pathname);
const to = unknownArticleTarget(location.pathname);
if (to) location.replace(to);
