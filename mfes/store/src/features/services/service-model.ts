import type { ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { api } from '@turnbook/web-kit';
import { formatDollars } from '@turnbook/domain/money/money';

/** A service as the scheduling service answers it (price in dollars, colour hex without '#'). */
export type Service = ServiceView;

export const UPDATE_SERVICE_QUESTION = 'Do you want to update this service?';
export const DELETE_SERVICE_QUESTION = 'Do you want to delete this service?';
export const NAME_REQUIRED = 'Please give your service a name';
export const DURATION_REQUIRED = 'Please enter a duration';
export const ICON_REQUIRED = 'Please choose an icon';

/** The create wizard's checks, one per field: its message, or null when the value is valid. */
export const nameProblem = (name: string) => (name.trim() ? null : NAME_REQUIRED);
export function durationProblem(duration: number | string): string | null {
  const v = typeof duration === 'number' ? duration : Number(duration);
  return duration === '' || !Number.isInteger(v) || v < 1 ? DURATION_REQUIRED : null;
}
export const priceProblem = (price: number | string) => (price !== '' && !(Number(price) >= 0) ? 'Please enter a price' : null);
export const INTERNAL_TEXT = "internal service won't be shown in customer sign in or online booking.";
export const DEFAULT_SERVICE_COLOR = 'f9f9fa';

export const serviceKeys = {
  all: ['services'] as const,
  byStore: (storeId: number | undefined) => ['services', 'store', storeId ?? 0] as const,
  one: (id: string | number) => ['services', 'one', String(id)] as const,
};

export async function fetchServices(storeId: number): Promise<Service[]> {
  const res = await api.get('GET getServicesByStoreId/{storeId}', { storeId });
  return [...(res?.services ?? [])].sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);
}

export async function fetchService(id: string | number): Promise<Service | null> {
  const res = await api.get('GET service/{id}', { id });
  return res?.service ?? null;
}

/** Saves one service's place in the list (reorder mode saves each service in its new order). */
export const saveServiceSortIndex = (s: Service, sortIndex: number) => api.post('POST updateServiceSortIndex/{id}', { sortIndex }, { id: s.id });
export const ORDER_NOT_SAVED = 'The new order could not be saved.';

/** The price in dollars with its cents, from the integer cents when present (no float drift). */
export const priceOf = (s: Pick<Service, 'price'> & Partial<Pick<Service, 'priceCents'>>): number =>
  typeof s.priceCents === 'number' && Number.isFinite(s.priceCents) ? s.priceCents / 100 : Number(s.price) || 0;

/** '$25.00' */
export const dollars = (price: number | null | undefined) => formatDollars(price);

/** '#f8bbd0' from 'f8bbd0' (or the default colour). */
export const hex = (color: string | null | undefined) => `#${(color || DEFAULT_SERVICE_COLOR).replace(/^#/, '')}`;

/** Dark text on light colours, white on dark ones. */
export function textOn(color: string | null | undefined): string {
  const h = hex(color).slice(1);
  const full = h.length === 3 ? h.split('').map((x) => x + x).join('') : h.slice(0, 6);
  const n = parseInt(full, 16);
  if (Number.isNaN(n)) return '#1a1b1e';
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1a1b1e' : '#ffffff';
}
