import type { EventBus, Logger } from '@turnbook/service-kit';
import type { PlansRepository } from '../plans/repository';
import type { StaffRepository } from '../staff/repository';
import type { StoresRepository } from '../stores/repository';
import { packageChangedEvent } from './events';
import { packageOf, type PackageView } from './package-view';
import type { SubscriptionsRepository } from './repository';

export interface PackagesDeps {
  stores: StoresRepository;
  staff: StaffRepository;
  subs: SubscriptionsRepository;
  plans: PlansRepository;
  bus: EventBus;
  log: Logger;
}

/** A store's package, read from billing's own records only (no call to the provider or another service). */
export async function packageOfStore(deps: PackagesDeps, storeId: number) {
  const [store, realStaff, sub] = await Promise.all([deps.stores.byId(storeId), deps.staff.realCount(storeId), deps.subs.byStore(storeId)]);
  const plan = sub?.priceId ? await deps.plans.byPriceId(sub.priceId) : null;
  return packageOf({ storeName: store?.name ?? '', realStaff, sub, plan });
}

const same = (a: PackageView | null | undefined, b: PackageView) => !!a && (Object.keys(b) as Array<keyof PackageView>).every((k) => a[k] === b[k]);

/**
 * Tells other services when a store's package changed (the calendar's notice, the subscription page):
 * `billing.package_changed`, written with the store's record and published from it.
 */
export async function publishIfChanged(deps: PackagesDeps, storeId: number): Promise<void> {
  const { free, ...view } = await packageOfStore(deps, storeId);
  const store = await deps.stores.byId(storeId);
  if (same(store?.published, view)) return;
  await deps.stores.publishPackage(storeId, view, packageChangedEvent(deps.bus, { storeId, ...view, free }));
}
