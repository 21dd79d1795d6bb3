// The generator's store takes only well-formed tips from the fetched list: a list with none is "could
// not load" for the visitor (the card stays as it was), and malformed entries are never shown.
import { expect, it, vi } from 'vitest';
import { $advice, chooseTipList, requestTip } from '../../../src/stores/advice.ts';
import { fakeApi } from '../fakeApi.ts';

const good = { id: 'en_7', text: 'Drink a glass of water.', category: 'Health' };

it('says the tips are unavailable when the list holds no well-formed tip, and shows only well-formed ones', async () => {
  chooseTipList('/tips.json', 'en');
  fakeApi([200, [{ id: 7, text: 'no string id', category: 'Health' }, { text: 'no id' }, null, 'tip']]);
  const unavailable = vi.fn();
  requestTip(unavailable);
  await vi.waitFor(() => expect(unavailable).toHaveBeenCalledOnce(), { timeout: 2000 });
  expect($advice.get()).toEqual({ status: 'welcome' });

  // A failed list is forgotten: the next press fetches again.
  fakeApi([200, [{ id: 'en_1', text: 42, category: 'Health' }, good, { ...good, id: 'en_8', care: 'yes' }]]);
  requestTip(unavailable);
  await vi.waitFor(() => expect($advice.get().status).toBe('shown'), { timeout: 2000 });
  expect($advice.get()).toEqual({ status: 'shown', tip: good });
  expect(unavailable).toHaveBeenCalledOnce();
});
