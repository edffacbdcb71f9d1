import type { StorePatchBody, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { AppError, conflict, notFound } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { storeUpdatedEvent } from './events';
import type { StoreDoc } from './model';
import { PermalinkTaken, type StoreChanges } from './repository';
import { settingsOf, storeView } from './view';

const PERMALINK_TAKEN = 'This permalink is already taken';

/**
 * The owner edits a store. A new username or permalink changes the store's sign-in account too:
 * identity is asked first (it owns username uniqueness), so a refused username changes nothing here.
 */
export async function updateStore(deps: Deps, id: number, body: StorePatchBody): Promise<StoreView> {
  const store = await deps.stores.byId(id);
  if (!store || store.status !== 'ON') throw notFound('Store not found');

  const { settings, ...fields } = body;
  const changes: StoreChanges = { ...fields };
  if (settings) changes.settings = settingsOf({ ...store.settings, ...settings });

  const permalinkChanged = body.permalink !== undefined && body.permalink !== store.permalink;
  const usernameChanged = body.username !== undefined && body.username !== store.username;
  if (permalinkChanged) {
    const other = await deps.stores.byPermalink(body.permalink!);
    if (other && other._id !== id) throw conflict(PERMALINK_TAKEN, 'permalink');
  }
  const next: StoreDoc = { ...store, ...changes } as StoreDoc;
  if (permalinkChanged || usernameChanged) await syncAccount(deps, next);

  const { snapshot, event } = await deps.membership.eventForStore(next);
  let saved: StoreDoc | null;
  try {
    saved = await deps.stores.update(id, changes, [event, storeUpdatedEvent(deps.ctx.bus, next)]);
  } catch (err) {
    if (!(err instanceof PermalinkTaken)) throw err;
    // Lost a race for the permalink after identity took the new values: put the account back.
    await syncAccount(deps, store).catch(() => undefined);
    throw conflict(PERMALINK_TAKEN, 'permalink');
  }
  await deps.ctx.memberships.apply(snapshot);
  return storeView(saved ?? next);
}

async function syncAccount(deps: Deps, s: StoreDoc): Promise<void> {
  try {
    await deps.identity.upsertStoreAccount({ storeId: s._id, ownerId: s.ownerId, permalink: s.permalink, username: s.username });
  } catch (err) {
    if (err instanceof AppError && err.code === 'conflict') throw conflict(err.message || 'This username is already taken', 'username');
    throw err;
  }
}
