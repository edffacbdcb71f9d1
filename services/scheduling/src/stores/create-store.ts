import { MESSAGES, type scheduling } from '@turnbook/contracts';
import { closedWeek } from '@turnbook/domain';
import { AppError, type EventBus } from '@turnbook/service-kit';
import type { MembershipPublisher } from '../memberships/membership-publisher';
import type { IdentityClient } from '../clients/identity-client';
import { employeeFromUser } from '../staff/add-staff';
import { staffUpdatedEvent } from '../staff/events';
import { AlreadyEmployee, type StaffRepository } from '../staff/repository';
import { storeUpdatedEvent } from './events';
import type { StoreDoc } from './model';
import { basePermalink, nextFreePermalink } from './permalink';
import { PermalinkTaken, type NewStore, type StoreRepository } from './repository';
import { settingsOf, storeView } from './view';

export interface CreateStoreDeps {
  stores: StoreRepository;
  staff: StaffRepository;
  identity: Pick<IdentityClient, 'upsertStoreAccount' | 'userById'>;
  membership: MembershipPublisher;
  bus: EventBus;
}

/**
 * A professional creates a store with its sign-in account. Without transactions, the store is written
 * first as PENDING (it reserves the permalink and id but is invisible), identity makes the account, and
 * only then the store turns ON with its events. If identity refuses, the half-made store is deleted.
 */
export async function createStore(deps: CreateStoreDeps, ownerId: number, body: scheduling.StoreCreateBody): Promise<scheduling.StoreView> {
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
    ownerId,
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
    if (err instanceof AppError && err.status === 409) throw new AppError('conflict', err.message || MESSAGES.usernameTaken, 'username');
    throw err;
  }

  const live: StoreDoc = { ...store, status: 'ON' };
  const { snapshot, event } = await deps.membership.eventForStore(live);
  const saved = await deps.stores.update(store._id, { status: 'ON' }, [event, storeUpdatedEvent(deps.bus, live)]);
  await deps.membership.apply(snapshot);
  if (body.ownerTakesAppointments) await ownerAsStaff(deps, live);
  return storeView(saved ?? live);
}

/**
 * 'I also take appointments': a solo owner is bookable on their own calendar at once, as a staff member
 * with their own names and contact (no invitation to oneself). An owner identity no longer knows is left
 * without a column rather than failing the store that was made.
 */
async function ownerAsStaff(deps: CreateStoreDeps, store: StoreDoc): Promise<void> {
  const user = await deps.identity.userById(store.ownerId);
  if (!user) return;
  const doc = { ...employeeFromUser({ storeId: store._id, sortIndex: await deps.staff.nextSortIndex(store._id), pinHash: null }, user), role: 'admin' as const };
  try {
    await deps.staff.insert(doc, (saved) => [staffUpdatedEvent(deps.bus, saved)]);
  } catch (err) {
    if (!(err instanceof AlreadyEmployee)) throw err;
  }
  await deps.membership.publish(store._id);
}

/**
 * The first free permalink of the name's base: free means no store has it now or had it before (old
 * permalinks keep resolving to their store). Both unique keys decide races; we then try the next one.
 */
async function insertWithFreePermalink(deps: CreateStoreDeps, store: Omit<NewStore, 'permalink'>): Promise<StoreDoc> {
  const base = basePermalink(store.name);
  const taken = new Set(await deps.stores.permalinksLike(base));
  for (let attempt = 0; attempt < 20; attempt++) {
    const permalink = nextFreePermalink(base, taken);
    taken.add(permalink);
    let created: StoreDoc;
    try {
      created = await deps.stores.insert({ ...store, permalink });
    } catch (err) {
      if (!(err instanceof PermalinkTaken)) throw err;
      continue;
    }
    if (await deps.stores.claimPermalink(permalink, created._id)) return created;
    // Another store had it before a rename: it stays theirs.
    await deps.stores.deleteHalfMade(created._id);
  }
  throw new AppError('conflict', 'Could not find a free permalink for this name', 'name');
}
