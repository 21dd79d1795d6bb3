import { track } from './analytics/dataLayer.ts';

/** What pressing "Share" did: the visitor closing the share sheet themselves is `cancelled`. */
export type ShareOutcome = 'shared' | 'copied' | 'failed' | 'cancelled';

/** Whether this browser's share sheet takes files (a picture with the link), as phones' do. */
export function canSharePictures(): boolean {
  if (typeof navigator.canShare !== 'function') return false;
  return navigator.canShare({ files: [new File([], 'tip.jpg', { type: 'image/jpeg' })] });
}

/**
 * Shares a tip's page: the Web Share API where the browser has it, with the tip's `picture` where it
 * takes files, else copies the link. Returns what happened, for the caller to say in its own way (a toast
 * on the home page, a line on a tip's page) and to show the link for copying by hand when neither worked.
 */
export async function shareTip(
  share: { url: string; text: string; title: string },
  picture?: () => Promise<File>,
): Promise<ShareOutcome> {
  track('button_click', { button: 'share_tip' });
  if (typeof navigator.share === 'function') {
    try {
      // A picture that cannot be drawn (its fonts not fetched, offline) leaves the link to go alone.
      const file = picture && canSharePictures() ? await picture().catch(() => null) : null;
      await navigator.share(file ? { ...share, files: [file] } : share);
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
