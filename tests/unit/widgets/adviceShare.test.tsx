// @vitest-environment happy-dom
// The share button says what it did, in both languages: shared, link copied, or could not share with the
// link shown for copying by hand.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../src/i18n/languages.ts';
import { pickLabels } from '../../../src/i18n/translate.ts';
import AdviceGenerator from '../../../src/islands/AdviceGenerator.tsx';
import { adviceLabelKeys } from '../../../src/islands/labelKeys.ts';
import { $advice } from '../../../src/stores/advice.ts';
import { fakeApi, renderWidget } from './render.tsx';

const tip = { id: 'en_7', text: 'Drink a glass of water.', category: 'Health' };

/** Replaces a browser capability for one test (happy-dom has no share sheet and no real clipboard). */
function provide(name: 'share' | 'canShare' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

async function showTipAndShare(lang: Lang) {
  fakeApi([200, [tip]]);
  const labels = pickLabels(lang, adviceLabelKeys);
  renderWidget(
    <AdviceGenerator
      lang={lang}
      tipsUrl="/tips.json"
      labels={labels}
      tipPath="/tips/{id}"
      help={{ label: 'Help', links: [] }}
      sizers={[]}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: labels['advice.button'] }));
  await screen.findByText(tip.text, {}, { timeout: 2000 });
  fireEvent.click(screen.getByRole('button', { name: labels['advice.share'] }));
  return labels;
}

const url = () => new URL('/tips/en_7', location.href).href;

describe('sharing the shown tip', () => {
  beforeEach(() => $advice.set({ status: 'welcome' }));
  afterEach(() => {
    provide('share', undefined);
    provide('canShare', undefined);
    provide('clipboard', undefined);
  });

  for (const lang of ['en', 'bg'] as const) {
    it(`says "shared" in ${lang} after the share sheet shares the tip's own page`, async () => {
      const share = vi.fn(async () => {});
      provide('share', share);
      const labels = await showTipAndShare(lang);
      expect(await screen.findByText(labels['advice.shared'])).toBeTruthy();
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: url(), text: tip.text }));
      expect(document.querySelector('[data-share-link]')).toBeNull();
    });

    it(`says "link copied" in ${lang} when there is no share sheet`, async () => {
      const writeText = vi.fn(async () => {});
      provide('clipboard', { writeText });
      const labels = await showTipAndShare(lang);
      expect(await screen.findByText(labels['advice.copied'])).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith(url());
    });

    it(`says it could not share in ${lang} and shows the link, focused and selected, to copy by hand`, async () => {
      provide(
        'share',
        vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
      );
      provide('clipboard', { writeText: vi.fn(async () => Promise.reject(new Error('no clipboard'))) });
      const labels = await showTipAndShare(lang);
      expect(await screen.findByText(labels['advice.shareFailed'].replace('{url}', url()))).toBeTruthy();
      const link = (await screen.findByLabelText(labels['advice.copyByHand'])) as HTMLInputElement;
      expect(link.value).toBe(url());
      expect(link.readOnly).toBe(true);
      await waitFor(() => expect(document.activeElement).toBe(link));
      expect([link.selectionStart, link.selectionEnd]).toEqual([0, url().length]);
    });
  }

  it('says nothing when the visitor closes the share sheet', async () => {
    provide(
      'share',
      vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError'))),
    );
    const writeText = vi.fn(async () => {});
    provide('clipboard', { writeText });
    const labels = await showTipAndShare('en');
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const message of [labels['advice.shared'], labels['advice.copied']]) {
      expect(screen.queryByText(message)).toBeNull();
    }
    expect(writeText).not.toHaveBeenCalled();
    expect(document.querySelector('[data-share-link]')).toBeNull();
  });

  it('still shares the link when the picture cannot be drawn (here: no fonts or canvas to draw with)', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    provide('share', share);
    const canShare = vi.fn((data: ShareData) => Boolean(data.files));
    provide('canShare', canShare);
    const labels = await showTipAndShare('en');
    expect(await screen.findByText(labels['advice.shared'])).toBeTruthy();
    expect(canShare).toHaveBeenCalledWith({ files: [expect.any(File)] });
    expect(share).toHaveBeenCalledWith({ url: url(), text: tip.text, title: expect.any(String) });
    expect(document.querySelector('[data-save-pictures]')).toBeNull();
  });
});
