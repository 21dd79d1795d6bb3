import { track } from './analytics/dataLayer.ts';

/** What pressing "Share" did: the visitor closing the share sheet themselves is `cancelled`. */
export type ShareOutcome = 'shared' | 'copied' | 'failed' | 'cancelled';

/**
 * Shares a tip's page: the Web Share API where the browser has it, else copies the link. Returns what
 * happened, for the caller to say in its own way (a toast on the home page, a line on a tip's page) and
 * to show the link for copying by hand when neither worked.
 */
export async function shareTip(share: { url: string; text: string; title: string }): Promise<ShareOutcome> {
  track('button_click', { button: 'share_tip' });
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(share);
      return 'shared';
    } catch (error) {
      // The visitor closed the share sheet: they know, so nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(share.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
