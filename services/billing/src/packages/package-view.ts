import { FREE_TIER_MAX_STAFF } from '@turnbook/domain';
import type { EventData } from '@turnbook/contracts';
import type { PlanDoc } from '../plans/repository';
import type { SubscriptionDoc } from './repository';

export type PackageView = Omit<EventData<'billing.package_changed'>, 'storeId' | 'free'>;

/** Provider statuses that mean paid up. */
const PAID_UP = new Set(['active', 'trialing']);

/** The date a lapsed subscription ran to, as the package's expiration text (YYYY-MM-DD, UTC). */
const dateText = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/**
 * A store's package from our own records: paid up reads 'active'; otherwise a store with 3 or fewer real
 * staff is on the free plan ('active', price 0); otherwise a lapsed subscription reads the date it ran to
 * and a store that never subscribed reads 'inactive'.
 */
export function packageOf(input: { storeName: string; realStaff: number; sub: SubscriptionDoc | null; plan: PlanDoc | null }): PackageView & { free: boolean } {
  const { sub, plan, storeName } = input;
  const subscribed = sub?.subscriptionId ? sub : null;
  const plain = { storeName, id: subscribed?.subscriptionId ?? null, packageId: subscribed?.priceId ?? null, product: plan?.name ?? '', price: plan?.price ?? 0 };
  const period = { current_period_start: subscribed?.periodStart ?? null, current_period_end: subscribed?.periodEnd ?? null };
  if (subscribed && PAID_UP.has(subscribed.status)) return { ...plain, ...period, expiration: 'active', free: false };
  if (input.realStaff <= FREE_TIER_MAX_STAFF) {
    return { storeName, id: null, packageId: null, product: 'Free', price: 0, expiration: 'active', current_period_start: null, current_period_end: null, free: true };
  }
  if (subscribed) return { ...plain, ...period, expiration: subscribed.periodEnd ? dateText(subscribed.periodEnd) : 'inactive', free: false };
  return { ...plain, ...period, expiration: 'inactive', free: false };
}
