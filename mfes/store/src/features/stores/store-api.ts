import { api } from '@turnbook/web-kit';
import type { Store } from './store-model';

export const storeKeys = {
  all: ['stores'] as const,
  owned: (userId: number | string) => ['stores', 'owner', String(userId)] as const,
  worked: (userId: number | string) => ['stores', 'user', String(userId)] as const,
  byPermalink: (permalink: string) => ['stores', 'permalink', permalink] as const,
};

export async function fetchStoreByPermalink(permalink: string): Promise<Store | null> {
  const res = await api.get('GET getStoreByPermalink/{permalink}', { permalink });
  return res.stores?.[0] ?? null;
}
