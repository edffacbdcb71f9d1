import { MESSAGES } from '@turnbook/contracts';
import type { ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { notFound } from '@turnbook/service-kit';
import type { StoreRepository } from '../stores/repository';
import type { ServiceRepository } from './repository';
import { serviceView } from './view';

export interface ListServicesDeps {
  services: ServiceRepository;
  stores: Pick<StoreRepository, 'byId'>;
}

/** Types a customer may book (kiosk, online booking): everything but INTERNAL. */
const CUSTOMER_TYPES = ['EXTERNAL', 'ALL'];

/** Every live service of the store (the calendar keeps those not EXTERNAL). */
export async function servicesOfStore(deps: ListServicesDeps, storeId: number): Promise<{ services: ServiceView[] }> {
  return { services: (await deps.services.ofStore(storeId)).map(serviceView) };
}

/** Services customers may book (type EXTERNAL or ALL). */
export async function customerServicesOfStore(deps: ListServicesDeps, storeId: number): Promise<{ services: ServiceView[] }> {
  return { services: (await deps.services.ofStore(storeId, CUSTOMER_TYPES)).map(serviceView) };
}

/** The public booking page's list: only for a live store. */
export async function publicServicesOfStore(deps: ListServicesDeps, storeId: number): Promise<{ services: ServiceView[] }> {
  const store = await deps.stores.byId(storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  return customerServicesOfStore(deps, storeId);
}
