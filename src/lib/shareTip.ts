import { toast } from 'sonner';
import { track } from './analytics/dataLayer.ts';

/** What pressing "Share" did: the visitor closing the share sheet themselves is `cancelled`. */
export type ShareOutcome = 'shared' | 'copied' | 'failed' | 'cancelled';

/**
 * Shares a tip's page: the Web Share API where the browser has it, else copies the link. Says what
 * happened with a toast (`shared`, `copied`, or `failed` with the URL) and returns it, so the caller
 * can show the link for copying by hand when neither worked.
 */
export async function shareTip(
  share: { url: string; text: string; title: string },
  messages: { shared: string; copied: string; failed: string },
): Promise<ShareOutcome> {
  track('button_click', { button: 'share_tip' });
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(share);
      toast.success(messages.shared);
      return 'shared';
    } catch (error) {
      // The visitor closed the share sheet: they know, so nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(share.url);
    toast.success(messages.copied);
    return 'copied';
  } catch {
    toast.error(messages.failed);
    return 'failed';
  }
}
