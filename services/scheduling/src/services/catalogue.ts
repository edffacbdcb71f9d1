import type { ServiceCreateBody, ServicePatchBody, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { DEFAULT_SERVICE_COLOR } from '@turnbook/domain';
import { notFound, type HandlerContext } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import type { NewService } from './repository';
import { centsOf, serviceView } from './view';

/** Types a customer may book (kiosk, online booking): everything but INTERNAL. */
const CUSTOMER_TYPES = ['EXTERNAL', 'ALL'];

/** Loads a live service and checks the caller against the route's rule for its store (404 before 403). */
async function load(deps: Deps, ctx: HandlerContext, id: number) {
  const service = await deps.services.byId(id);
  if (!service) throw notFound('Service not found');
  await ctx.authorizeStore(service.storeId);
  return service;
}

export async function getService(deps: Deps, ctx: HandlerContext, id: number): Promise<{ service: ServiceView }> {
  return { service: serviceView(await load(deps, ctx, id)) };
}

export async function createService(deps: Deps, body: ServiceCreateBody): Promise<{ service: ServiceView }> {
  const service = await deps.services.insert({
    storeId: body.storeId,
    name: body.name,
    duration: body.duration,
    priceCents: body.price !== undefined ? centsOf(body.price) : 0,
    color: body.color ?? DEFAULT_SERVICE_COLOR,
    icon: body.icon,
    type: body.type,
    status: 'ON',
    sortIndex: await deps.services.nextSortIndex(body.storeId),
  });
  return { service: serviceView(service) };
}

export async function updateService(deps: Deps, ctx: HandlerContext, id: number, body: ServicePatchBody): Promise<{ service: ServiceView }> {
  await load(deps, ctx, id);
  const { price, ...rest } = body;
  const changes: Partial<NewService> = { ...rest };
  if (price !== undefined) changes.priceCents = centsOf(price);
  return { service: serviceView((await deps.services.update(id, changes))!) };
}

/** Deleting hides the service (status OFF); booked appointments keep their own copy of it. */
export async function deleteService(deps: Deps, ctx: HandlerContext, id: number): Promise<{ success: true }> {
  await load(deps, ctx, id);
  await deps.services.update(id, { status: 'OFF' });
  return { success: true };
}

export async function setServiceSortIndex(deps: Deps, ctx: HandlerContext, id: number, sortIndex: number): Promise<{ service: ServiceView }> {
  await load(deps, ctx, id);
  return { service: serviceView((await deps.services.update(id, { sortIndex }))!) };
}

/** Every live service of the store (the calendar keeps those not EXTERNAL). */
export async function servicesOfStore(deps: Deps, storeId: number): Promise<{ services: ServiceView[] }> {
  return { services: (await deps.services.ofStore(storeId)).map(serviceView) };
}

/** Services customers may book (type EXTERNAL or ALL). */
export async function customerServicesOfStore(deps: Deps, storeId: number): Promise<{ services: ServiceView[] }> {
  return { services: (await deps.services.ofStore(storeId, CUSTOMER_TYPES)).map(serviceView) };
}

/** The public booking page's list: only for a live store. */
export async function publicServicesOfStore(deps: Deps, storeId: number): Promise<{ services: ServiceView[] }> {
  const store = await deps.stores.byId(storeId);
  if (!store || store.status !== 'ON') throw notFound('Store not found');
  return customerServicesOfStore(deps, storeId);
}
