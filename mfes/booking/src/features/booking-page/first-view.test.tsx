import { render } from '@testing-library/react';
import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import { UiProviders } from '@turnbook/web-kit/ui';
import { fillStoreCard, showStoreCard, storeCallFor } from './first-view';
import { StoreCard } from './store-card';
import { STORE } from '../../testing/lotus-store';

/** StoreCard's markup in an element of its own: empty (as booking.html carries it) or with `store`. */
function card(store: PublicStoreView | null): HTMLElement {
  const { container } = render(
    <UiProviders env="test">
      <StoreCard store={store} loggedIn={false} />
    </UiProviders>,
  );
  const slot = document.createElement('div');
  slot.append(container.querySelector('article')!.cloneNode(true));
  return slot;
}

/** The empty card's buttons wait (aria-disabled) until the page's card takes over; nothing else differs. */
function withoutWaiting(el: HTMLElement): HTMLElement {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-disabled]').forEach((b) => b.removeAttribute('aria-disabled'));
  delete copy.dataset.ready;
  return copy;
}

const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) } as Response);

describe('the booking page’s first view', () => {
  it.each([
    ['a store with a phone and a closed day', STORE],
    ['a store without a phone or hours', { ...STORE, phone: '', hours: null } as unknown as PublicStoreView],
  ])('when the empty card is filled with %s, then it is the markup the page renders for that store, and it is shown', (_, store) => {
    const filled = card(null);
    expect(fillStoreCard(filled, store)).toBe(true);
    expect(filled.dataset.ready).toBe('');
    expect(withoutWaiting(filled).isEqualNode(card(store))).toBe(true);
  });

  it('when the empty card is written, then its buttons are aria-disabled and its data slots are empty', () => {
    const empty = card(null);
    expect([...empty.querySelectorAll('button')].map((b) => b.getAttribute('aria-disabled'))).toEqual(['true', 'true', 'true']);
    expect([...empty.querySelectorAll('[data-slot]')].map((e) => e.textContent).join('')).toBe('');
  });

  it('when a store’s name holds markup, then it is written as text', () => {
    const filled = card(null);
    fillStoreCard(filled, { ...STORE, name: '<img src=x onerror=alert(1)>' });
    expect(filled.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(filled.querySelector('img')).toBeNull();
  });

  it('when the page’s own card has already replaced the empty one, then nothing is filled or shown', () => {
    const slot = document.createElement('div');
    expect(fillStoreCard(slot, STORE)).toBe(false);
    expect(slot.dataset.ready).toBeUndefined();
  });

  it('when the address is a store’s booking page, then the store call is the one the gateway preloads; any other address has none', () => {
    expect(storeCallFor('/booking/lotus-nail-spa')).toBe('/api/public_getStoreByPermalink/lotus-nail-spa');
    expect(storeCallFor('/booking/lotus-nail-spa/')).toBe('/api/public_getStoreByPermalink/lotus-nail-spa');
    expect(storeCallFor('/booking/')).toBeNull();
    expect(storeCallFor('/appointments')).toBeNull();
  });

  it('when the store call answers the store, then the card is filled from it', async () => {
    const slot = card(null);
    const fetchStore = jest.fn(() => answer(200, { stores: [STORE] }));
    expect(await showStoreCard(slot, '/booking/lotus-nail-spa', fetchStore)).toBe(true);
    expect(fetchStore).toHaveBeenCalledWith('/api/public_getStoreByPermalink/lotus-nail-spa');
    expect(slot.querySelector('h1')?.textContent).toBe('lotus nail spa');
  });

  it.each([
    ['not found', () => answer(404, { message: 'Store not found', code: 'notFound' })],
    ['an empty list', () => answer(200, { stores: [] })],
    ['a server error', () => answer(503, { message: 'Service unavailable', code: 'unavailable' })],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('when the store call answers %s, then the card stays hidden and empty (the app shows what follows)', async (_, fetchStore) => {
    const slot = card(null);
    expect(await showStoreCard(slot, '/booking/nope', fetchStore)).toBe(false);
    expect(slot.dataset.ready).toBeUndefined();
    expect(slot.querySelector('h1')?.textContent).toBe('');
  });
});
