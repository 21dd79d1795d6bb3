// The language check on arrival as one inline script (the policy: arrivalDecision.ts; the script:
// arrival.inline.ts).
import { inlineScript } from '../lib/inlineScript.ts';
import type { ArrivalConfig } from './arrivalDecision.ts';

/** The inline script's source, the same for every page. */
export function arrivalScript(arrivalConfig: ArrivalConfig): string {
  return inlineScript('src/i18n/arrival.inline.ts', { arrivalConfig });
}
