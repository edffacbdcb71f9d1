import type { Hasher } from '@turnbook/service-kit/hashing';
import { MESSAGES, type scheduling } from '@turnbook/contracts';
import { AppError, notFound, type EventBus } from '@turnbook/service-kit';
import type { MembershipPublisher } from '../memberships/membership-publisher';
import type { IdentityClient } from '../clients/identity-client';
import { storeUpdatedEvent } from './events';
import type { StoreDoc } from './model';
import { isCurrentPermalink } from './permalink';
import { PermalinkTaken, type StoreChanges, type StoreRepository } from './repository';
import { settingsOf, storeView } from './view';

export interface UpdateStoreDeps {
  /** The store PIN is kept as a hash. */
  pins: Hasher;
  stores: StoreRepository;
  identity: Pick<IdentityClient, 'upsertStoreAccount'>;
  membership: MembershipPublisher;
  bus: EventBus;
}

const permalinkTaken = () => new AppError('permalinkTaken', MESSAGES.permalinkTaken, 'permalink');

/**
 * The owner edits a store. The permalink changes only when a different one is sent (not the current one,
 * nor its base when the store got a `-N` suffix); the old one keeps resolving to the store. A new username
 * or permalink changes the store's sign-in account too: identity is asked first (it owns username
 * uniqueness), so a refused username changes nothing here.
 */
export async function updateStore(deps: UpdateStoreDeps, id: number, body: scheduling.StorePatchBody): Promise<scheduling.StoreView> {
  const store = await deps.stores.byId(id);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);

  const { settings, permalink: sent, PIN, hours, ...fields } = body;
  const changes: StoreChanges = { ...fields };
  // An edit sends the days it changes; the others keep their hours.
  if (hours) changes.hours = { ...storeView(store).hours, ...hours } as StoreDoc['hours'];
  if (PIN) changes.pinHash = await deps.pins.hash(PIN);
  if (settings) changes.settings = settingsOf({ ...store.settings, ...settings });

  const permalinkChanged = sent !== undefined && !isCurrentPermalink(sent, store.permalink);
  if (permalinkChanged) {
    // Stores made before old permalinks were kept have not claimed their current one yet.
    await deps.stores.claimPermalink(store.permalink, id);
    if (!(await deps.stores.claimPermalink(sent, id))) throw permalinkTaken();
    changes.permalink = sent;
  }
  const usernameChanged = body.username !== undefined && body.username !== store.username;
  const next: StoreDoc = { ...store, ...changes } as StoreDoc;
  try {
    if (permalinkChanged || usernameChanged) await syncAccount(deps, next);
  } catch (err) {
    if (permalinkChanged) await deps.stores.releasePermalink(sent, id);
    throw err;
  }

  const { snapshot, event } = await deps.membership.eventForStore(next);
  let saved: StoreDoc | null;
  try {
    saved = await deps.stores.update(id, changes, [event, storeUpdatedEvent(deps.bus, next)]);
  } catch (err) {
    if (!(err instanceof PermalinkTaken)) throw err;
    // Another store holds it as its current permalink: put the claim and the account back.
    if (permalinkChanged) await deps.stores.releasePermalink(sent, id);
    await syncAccount(deps, store).catch(() => undefined);
    throw permalinkTaken();
  }
  await deps.membership.apply(snapshot);
  await deps.membership.settleStoreWrite(id);
  return storeView(saved ?? next);
}

async function syncAccount(deps: UpdateStoreDeps, s: StoreDoc): Promise<void> {
  try {
    await deps.identity.upsertStoreAccount({ storeId: s._id, ownerId: s.ownerId, permalink: s.permalink, username: s.username });
  } catch (err) {
    if (err instanceof AppError && err.status === 409) throw new AppError('conflict', err.message || MESSAGES.usernameTaken, 'username');
    throw err;
  }
}
