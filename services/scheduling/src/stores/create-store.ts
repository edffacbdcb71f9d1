import type { StoreCreateBody, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { closedWeek, SUPER_ADMIN } from '@turnbook/domain';
import { AppError, conflict, forbidden, type Caller } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { storeUpdatedEvent } from './events';
import { basePermalink, nextFreePermalink } from './permalink';
import { PermalinkTaken } from './repository';
import type { StoreDoc } from './model';
import { settingsOf, storeView } from './view';

/**
 * A professional creates a store with its sign-in account. Without transactions, the store is written
 * first as PENDING (it reserves the permalink and id but is invisible), identity makes the account, and
 * only then the store turns ON with its events. If identity refuses, the half-made store is deleted.
 */
export async function createStore(deps: Deps, caller: Caller | undefined, body: StoreCreateBody): Promise<StoreView> {
  if (!caller || caller.kind !== 'user' || caller.userId == null) throw forbidden('Only professionals can create stores');
  if (caller.role !== 'professional' && caller.role !== SUPER_ADMIN) throw forbidden('Only professionals can create stores');

  const store = await insertWithFreePermalink(deps, {
    name: body.name,
    street: body.street,
    address2: body.address2 ?? '',
    city: body.city,
    state: body.state,
    zip: body.zip,
    email: body.email,
    phone: body.phone,
    username: body.username,
    ownerId: caller.userId,
    hours: body.hours ?? closedWeek(),
    status: 'PENDING',
    timezone: body.timezone,
    settings: settingsOf(body.settings),
  });

  try {
    await deps.identity.upsertStoreAccount({
      storeId: store._id, ownerId: store.ownerId, permalink: store.permalink, username: store.username, password: body.password,
    });
  } catch (err) {
    await deps.stores.deleteHalfMade(store._id);
    if (err instanceof AppError && err.code === 'conflict') throw conflict(err.message || 'This username is already taken', 'username');
    if (err instanceof AppError && err.code === 'validation') throw err;
    throw err;
  }

  const live: StoreDoc = { ...store, status: 'ON' };
  const { snapshot, event } = await deps.membership.eventForStore(live);
  const saved = await deps.stores.update(store._id, { status: 'ON' }, [event, storeUpdatedEvent(deps.ctx.bus, live)]);
  await deps.ctx.memberships.apply(snapshot);
  return storeView(saved ?? live);
}

async function insertWithFreePermalink(deps: Deps, store: Omit<StoreDoc, '_id' | 'permalink' | 'created_at' | 'updated_at'>): Promise<StoreDoc> {
  const base = basePermalink(store.name);
  const taken = new Set(await deps.stores.permalinksLike(base));
  for (let attempt = 0; attempt < 20; attempt++) {
    const permalink = nextFreePermalink(base, taken);
    try {
      return await deps.stores.insert({ ...store, permalink });
    } catch (err) {
      // Someone took it between our read and our insert: the unique index decides, we try the next one.
      if (!(err instanceof PermalinkTaken)) throw err;
      taken.add(permalink);
    }
  }
  throw new AppError('conflict', 'Could not find a free permalink for this name', 'name');
}
