// The page an approve or hide link of a moderation letter opens: it asks for the comment to show it and
// POSTs the decision only when its button is pressed, so a mail scanner opening the link (even one that
// runs scripts) decides nothing. The page's HTML holds one hidden message per outcome.
import type { Lang } from '../../i18n/languages.ts';
import { api } from '../api/client.ts';

/** `approve` and `hide` ask the question of a held comment; the others are answers. */
export type ModerateOutcome =
  | 'approve'
  | 'hide'
  | 'approved'
  | 'hidden'
  | 'alreadyApproved'
  | 'alreadyHidden'
  | 'expired'
  | 'invalid'
  | 'gone'
  | 'tooMany'
  | 'error';

export interface HeldComment {
  name: string;
  comment: string;
  createdAt: string;
  article: { id: number; title: string };
}

const already = (status: string): ModerateOutcome =>
  status === 'published' ? 'alreadyApproved' : status === 'hidden' ? 'alreadyHidden' : 'error';

/** The outcomes of the refusals the two requests share; any other status is an error. */
const refusals: Record<number, ModerateOutcome> = {
  400: 'invalid',
  404: 'gone',
  410: 'expired',
  429: 'tooMany',
};

/** What the link points at: the comment and the question to ask, or why there is none. */
export async function loadComment(
  token: string,
  lang: Lang,
): Promise<{ outcome: ModerateOutcome; comment?: HeldComment }> {
  if (!token) return { outcome: 'invalid' };
  try {
    // A POST that reads: the token goes in the body, where no proxy or server log keeps it.
    const res = await api.moderation.comment.$post({ json: { token, lang } });
    // Widened: a proxy or the platform may answer with a status the route never sends.
    const status: number = res.status;
    if (status !== 200 || !res.ok) return { outcome: refusals[status] ?? 'error' };
    const body = (await res.json()) as {
      action: 'approve' | 'hide';
      status: string;
      comment: { name: string; comment: string; createdAt: string };
      article: { id: number; title: string };
    };
    const comment = { ...body.comment, article: body.article };
    return { outcome: body.status === 'held' ? body.action : already(body.status), comment };
  } catch {
    return { outcome: 'error' };
  }
}

/** Sends the decision the link stands for. */
export async function decide(token: string): Promise<ModerateOutcome> {
  try {
    const res = await api.moderation.$post({ json: { token } });
    const status: number = res.status;
    if (status === 200) {
      const body = (await res.json()) as { status: string };
      return body.status === 'published' ? 'approved' : 'hidden';
    }
    if (status === 409) return already(((await res.json()) as { status: string }).status);
    return refusals[status] ?? 'error';
  } catch {
    return 'error';
  }
}
