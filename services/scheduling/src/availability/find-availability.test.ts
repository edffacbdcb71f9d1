import type { StoreConfig } from '../store-config/config-read-model';
import { servicesAsked, type FindAvailabilityDeps } from './find-availability';

/** A copy of a store's configuration with these live services (only what servicesAsked reads). */
const copy = (serviceIds: number[]) =>
  ({ store: { status: 'ON' }, services: serviceIds.map((_id) => ({ _id, type: 'ALL', duration: 45 })) }) as unknown as StoreConfig;

describe('the services an availability request asks for', () => {
  it('when the copy a moment old does not know a service just added on another instance, then the configuration is read as of the request and the service is offered', async () => {
    const asOfRequest: number[] = [];
    const deps = { configs: { read: async (_storeId: number, since?: number) => (asOfRequest.push(since ?? NaN), copy([1, 2])) } } as unknown as FindAvailabilityDeps;
    const { services } = await servicesAsked(deps, copy([1]), 7, '2', 'online', 1234);
    expect(services.map((s) => s._id)).toEqual([2]);
    expect(asOfRequest).toEqual([1234]);
  });

  it('when the copy knows every service asked, then nothing is read again', async () => {
    const deps = { configs: { read: async () => { throw new Error('read again'); } } } as unknown as FindAvailabilityDeps;
    expect((await servicesAsked(deps, copy([1, 2]), 7, '1,2', 'online', 1)).services).toHaveLength(2);
  });

  it('when the configuration as of the request does not offer it either, then the answer is the 400 naming serviceIds', async () => {
    const deps = { configs: { read: async () => copy([1]) } } as unknown as FindAvailabilityDeps;
    await expect(servicesAsked(deps, copy([1]), 7, '3', 'online', 1)).rejects.toMatchObject({ status: 400, field: 'serviceIds' });
  });
});
