// `npm run serve` reads the site's rules (public/_redirects) as Netlify's own engine does: the same
// table of cases as the Netlify test (tests/netlify/netlify.test.ts), asked of the real build.
import { expect, inject, it } from 'vitest';
import { caseHeaders, hostRuleCases, observed } from '../support/hostRuleCases.ts';

it.each(hostRuleCases)('answers $path ($cookie) with $status', async (expected) => {
  const response = await fetch(`${inject('baseURL')}${expected.path}`, {
    headers: caseHeaders(expected),
    redirect: 'manual',
  });
  expect(await observed(response, expected)).toEqual(expected);
});
