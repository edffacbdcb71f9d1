// The booking page's first view: booking.html carries StoreCard's markup empty (shells/host/src/prerender.tsx),
// and this code, run by a small script of its own before the app (shells/host/src/first-view/booking.ts),
// fills it from the store call the gateway preloads with the page. No React, no Mantine: a few kilobytes that
// paint the card while the shell, the federation runtime and this module are still on their way.
import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { addressLine, weekRows } from './store-hours';

/**
 * The store call of a booking address: the URL the app requests and the gateway preloads (routes.json
 * "preload"), so the preloaded answer is the one read here. Null for any other address.
 */
export function storeCallFor(pathname: string): string | null {
  const permalink = /^\/booking\/([^/]+)\/?$/.exec(pathname)?.[1];
  return permalink ? `/api/public_getStoreByPermalink/${permalink}` : null;
}

/**
 * Writes the store into StoreCard's empty markup (its data-slot elements, as text: nothing in a store's
 * fields is read as HTML) as StoreCard renders it with the store, then marks `slot` ready (shown).
 * False when `slot` holds no empty card (the page's own card has already replaced it).
 */
export function fillStoreCard(slot: HTMLElement, store: PublicStoreView): boolean {
  const name = slot.querySelector('[data-slot="name"]');
  const address = slot.querySelector('[data-slot="address"]');
  const phone = slot.querySelector('[data-slot="phone"]');
  const hours = slot.querySelectorAll<HTMLElement>('[data-slot="hours"]');
  const rows = weekRows(store.hours);
  if (!name || !address || hours.length !== rows.length) return false;
  name.textContent = store.name;
  address.textContent = addressLine(store);
  if (phone && store.phone) {
    phone.textContent = formatPhone(store.phone);
    phone.setAttribute('href', `tel:${store.phone.replace(/\D/g, '')}`);
  } else phone?.remove();
  rows.forEach((row, i) => {
    hours[i].textContent = row.text;
    if (row.closed) hours[i].style.fontWeight = '700';
  });
  slot.dataset.ready = '';
  return true;
}

/**
 * Reads the store of the page's address and fills the card. A store that is not found, an error or no
 * answer leave the card hidden: the app shows what it shows for them (not found, the error, its retries).
 */
export async function showStoreCard(slot: HTMLElement, pathname: string, fetchStore: (url: string) => Promise<Response>): Promise<boolean> {
  const url = storeCallFor(pathname);
  if (!url) return false;
  try {
    const res = await fetchStore(url);
    if (!res.ok) return false;
    const store = ((await res.json()) as { stores?: PublicStoreView[] }).stores?.[0];
    return store ? fillStoreCard(slot, store) : false;
  } catch {
    return false;
  }
}
