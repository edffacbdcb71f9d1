import type { ServiceCreateBody, ServicePatchBody, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { DEFAULT_SERVICE_COLOR } from '@turnbook/domain';
import type { ServiceDoc } from './model';
import type { NewService, ServiceRepository } from './repository';
import { centsOf, serviceView } from './view';

/** The owner's catalogue edits (the router has checked the store and loaded the service). */
export interface ManageServicesDeps {
  services: ServiceRepository;
}

export async function createService(deps: ManageServicesDeps, body: ServiceCreateBody): Promise<{ service: ServiceView }> {
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

export async function updateService(deps: ManageServicesDeps, service: ServiceDoc, body: ServicePatchBody): Promise<{ service: ServiceView }> {
  const { price, ...rest } = body;
  const changes: Partial<NewService> = { ...rest };
  if (price !== undefined) changes.priceCents = centsOf(price);
  return { service: serviceView((await deps.services.update(service._id, changes))!) };
}

/** Deleting hides the service (status OFF); booked appointments keep their own copy of it. */
export async function deleteService(deps: ManageServicesDeps, service: ServiceDoc): Promise<{ success: true }> {
  await deps.services.update(service._id, { status: 'OFF' });
  return { success: true };
}

export async function setServiceSortIndex(deps: ManageServicesDeps, service: ServiceDoc, sortIndex: number): Promise<{ service: ServiceView }> {
  return { service: serviceView((await deps.services.update(service._id, { sortIndex }))!) };
}
