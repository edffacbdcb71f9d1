// A year of data written straight to the local database, for `npm run bench:db`: the demo store gets
// 100,000 appointments over the last 365 days and 100,000 customers; 199 other stores share 400,000 more
// appointments; identity gets 100,000 users that all share one password hash (hashing 100,000 times
// would take hours). Ids start above each service's counter, and the counters are moved past them, so
// the running services keep allocating fresh ids. Runs once: a marker document records it.
import { randomInt, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { MongoClient } from 'mongodb';

export const BENCH_PASSWORD = 'bench-password-1';
export const USERS = 100_000;
export const CUSTOMERS = 100_000;
export const STORE_APPOINTMENTS = 100_000;
export const ALL_APPOINTMENTS = 500_000;
export const OTHER_STORES = 199;
const BATCH = 1000;

const FIRST = ['ana', 'bao', 'carla', 'dina', 'emma', 'fay', 'gia', 'hana', 'ivy', 'jade', 'kim', 'lena', 'mai', 'nora', 'olga', 'pia', 'quinn', 'rosa', 'sara', 'tina'];
const LAST = ['nguyen', 'tran', 'smith', 'garcia', 'johnson', 'lee', 'brown', 'martin', 'lopez', 'walker', 'young', 'hall', 'allen', 'wright', 'king', 'scott', 'green', 'baker', 'adams', 'nelson'];

/** Dates of the 365 days that end today (UTC), oldest first. */
export function lastYear(today = new Date()) {
  return Array.from({ length: 365 }, (_, i) => new Date(today.getTime() - (364 - i) * 86_400_000).toISOString().slice(0, 10));
}

const fmt12 = (min) => {
  const h = Math.floor(min / 60) % 24;
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};

async function hashPassword(plain) {
  // identity's own hashing (argon2id, the library's defaults), so login verifies the way it always does
  const argon2 = createRequire(import.meta.url)('argon2');
  return argon2.hash(plain, { type: argon2.argon2id });
}

/**
 * The demo store's days get the stamps the service sets after every write (appointments/day-read-model.ts),
 * as a year written through the service would have them: a day without one is a day nothing wrote through
 * the service, whose loads are never kept.
 */
async function stampDays(db, seed) {
  const v = () => randomUUID();
  for (const date of seed.dates) {
    await db.collection('appointment_day_stamps').updateOne({ _id: `${seed.storeId}:${date}` }, { $setOnInsert: { v: v(), storeId: seed.storeId, year: date.slice(0, 4), month: date.slice(0, 7) } }, { upsert: true });
  }
  for (const month of new Set(seed.dates.map((d) => d.slice(0, 7)))) {
    await db.collection('appointment_month_stamps').updateOne({ _id: `${seed.storeId}:${month}` }, { $setOnInsert: { v: v(), storeId: seed.storeId, year: month.slice(0, 4) } }, { upsert: true });
  }
  await db.collection('bench_seed').updateOne({ _id: 'year' }, { $set: { stamped: true } });
  seed.stamped = true;
}

/** Moves a service's id counter past `top` (ids the services allocate later never collide with ours). */
async function moveCounter(db, name, top) {
  const c = await db.collection('counters').findOne({ _id: name });
  if (c) await db.collection('counters').updateOne({ _id: name }, { $set: { seq: Math.max(c.seq, top) } });
  else await db.collection('counters').insertOne({ _id: name, seq: top });
}

/**
 * Customers written straight to the database are not in any process's search copy yet: like every write
 * of the customers service, the store's customers version is raised after them, by more than the change
 * ring holds, so every copy reloads the store at its next search (services/customers README, "Search").
 */
export async function raiseCustomersVersion(db, storeId) {
  await db.collection('customer_store_versions').updateOne({ _id: storeId }, { $inc: { v: 1000 } }, { upsert: true });
}

async function firstFreeId(db, collection, counter) {
  const top = await db.collection(collection).find({}, { projection: { _id: 1 } }).sort({ _id: -1 }).limit(1).toArray();
  const c = await db.collection('counters').findOne({ _id: counter });
  return Math.max(Number(top[0]?._id ?? 0), Number(c?.seq ?? 0)) + 1000;
}

async function insertAll(collection, total, make, label, log) {
  const started = Date.now();
  for (let i = 0; i < total; i += BATCH) {
    const docs = [];
    for (let j = i; j < Math.min(total, i + BATCH); j++) docs.push(make(j));
    await collection.insertMany(docs, { ordered: false });
    if ((i / BATCH) % 50 === 0) log(`  ${label}: ${i + docs.length}/${total}`);
  }
  log(`  ${label}: ${total} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * @param {{ mongoUrl: string, storePermalink: string, log?: (line: string) => void }} o
 * @returns {Promise<{ storeId: number, firstUserId: number, firstCustomerId: number, dates: string[], seededAt: Date }>}
 */
export async function seedYear({ mongoUrl, storePermalink, log = console.log }) {
  const client = await MongoClient.connect(mongoUrl, { retryWrites: false });
  try {
    const identity = client.db('turnbook-identity');
    const scheduling = client.db('turnbook-scheduling');
    const customers = client.db('turnbook-customers');
    const marker = await scheduling.collection('bench_seed').findOne({ _id: 'year' });
    if (marker) {
      if (!marker.stamped) await stampDays(scheduling, marker);
      return marker;
    }

    const store = await scheduling.collection('stores').findOne({ permalink: storePermalink });
    if (!store) throw new Error(`store ${storePermalink} not found: the demo seed must have run (npm start)`);
    const staff = await scheduling.collection('employees').find({ storeId: store._id }).toArray();
    const services = await scheduling.collection('services').find({ storeId: store._id }).toArray();
    const staffIds = staff.filter((e) => !e.archived).map((e) => e._id);
    if (!staffIds.length || !services.length) throw new Error('the demo store has no staff or services yet');
    const dates = lastYear();
    const now = new Date();
    log(`Seeding a year of data into ${mongoUrl} (store ${store._id} ${storePermalink})`);

    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const firstUserId = await firstFreeId(identity, 'users', 'users');
    await insertAll(identity.collection('users'), USERS, (i) => ({
      _id: firstUserId + i, fname: FIRST[i % 20], lname: LAST[Math.floor(i / 20) % 20], email: `bench-user-${i}@example.com`,
      phone: String(2_155_000_000 + i), role: 'customer', profile_image: null, app_version: null, color: '#3f51b5',
      passwordHash, verified: true, createdAt: now,
    }), 'users', log);
    await moveCounter(identity, 'users', firstUserId + USERS);

    const firstCustomerId = await firstFreeId(customers, 'customers', 'customers');
    await insertAll(customers.collection('customers'), CUSTOMERS, (i) => ({
      _id: firstCustomerId + i, storeId: store._id, fname: `${FIRST[i % 20]}${i}`, lname: LAST[Math.floor(i / 20) % 20],
      email: `bench-customer-${i}@example.com`, phone: String(2_675_000_000 + i), status: '', fav_staffId: null,
      book_with_fav_staff: 0, visited: 0, color: null, created_at: now, updated_at: now, merged_into: null,
    }), 'customers', log);
    await moveCounter(customers, 'customers', firstCustomerId + CUSTOMERS);
    await raiseCustomersVersion(customers, store._id);

    const firstAppointmentId = await firstFreeId(scheduling, 'appointments', 'appointments');
    const perDay = Math.ceil(STORE_APPOINTMENTS / dates.length);
    const otherPerStore = (ALL_APPOINTMENTS - STORE_APPOINTMENTS) / OTHER_STORES;
    const appointment = (i) => {
      const inStore = i < STORE_APPOINTMENTS;
      const storeId = inStore ? store._id : 1_000_000 + Math.floor((i - STORE_APPOINTMENTS) / otherPerStore);
      const date = inStore ? dates[Math.floor(i / perDay)] : dates[randomInt(dates.length)];
      const svc = services[i % services.length];
      const startMin = 540 + 15 * randomInt(40);
      const endMin = startMin + (svc.duration || 30);
      const staffId = inStore ? staffIds[i % staffIds.length] : 1 + (i % 10);
      const customerId = firstCustomerId + randomInt(CUSTOMERS);
      return {
        _id: firstAppointmentId + i, storeId, staffId, customerId, serviceIds: String(svc._id),
        services: [{ id: svc._id, name: svc.name, price: (svc.priceCents ?? 0) / 100, duration: svc.duration }],
        date, start: fmt12(startMin), end: fmt12(endMin), startMin, endMin, note: '', status: 'ON',
        createdBy: store.ownerId, modifiedBy: store.ownerId, sale: 0,
        customerFname: `${FIRST[(customerId - firstCustomerId) % 20]}${customerId - firstCustomerId}`,
        customerLname: LAST[Math.floor((customerId - firstCustomerId) / 20) % 20], customerPhone: '', customerEmail: '', customerStatus: '',
        created_at: now, updated_at: now,
      };
    };
    await insertAll(scheduling.collection('appointments'), ALL_APPOINTMENTS, appointment, 'appointments', log);
    await moveCounter(scheduling, 'appointments', firstAppointmentId + ALL_APPOINTMENTS);

    const result = { _id: 'year', storeId: store._id, firstUserId, firstCustomerId, dates, seededAt: now };
    await scheduling.collection('bench_seed').insertOne(result);
    await stampDays(scheduling, result);
    return result;
  } finally {
    await client.close();
  }
}
