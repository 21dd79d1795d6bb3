import { toast } from 'sonner';
import { track } from './analytics/dataLayer.ts';

/**
 * Shares a tip's page: the Web Share API where the browser has it, else copies the link and says so.
 * `messages.copied` is shown after copying; `messages.failed` (with the URL) when neither works.
 */
export async function shareTip(
  share: { url: string; text: string; title: string },
  messages: { copied: string; failed: string },
): Promise<void> {
  track('button_click', { button: 'share_tip' });
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(share);
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(share.url);
    toast.success(messages.copied);
  } catch {
    toast.error(messages.failed);
  }
}
