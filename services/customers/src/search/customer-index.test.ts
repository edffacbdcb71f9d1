import type { CustomerDoc } from '../customers/repository';
import { CustomerIndex, type IndexSource } from './customer-index';
import { keyQuery, nameAndPhoneQuery, pickMatches, type SearchQuery } from './matcher';

const FIRST = ['ana', 'bao', 'carla', 'dina', 'emma', 'fay', 'gia', 'hana', 'ivy', 'jade'];
const LAST = ['nguyen', 'tran', 'smith', 'garcia', 'johnson', 'lee', 'brown', 'martin', 'lopez', 'walker'];

function customer(i: number, storeId = 1): CustomerDoc {
  const now = new Date(0);
  return {
    _id: i, storeId, fname: `${FIRST[i % 10]}${i}`, lname: LAST[Math.floor(i / 10) % 10], email: i % 3 ? `c${i}@mail${i % 7}.com` : null,
    phone: i % 5 ? String(2155550000 + i) : null, status: '', fav_staffId: null, book_with_fav_staff: 0, visited: 0, color: null, created_at: now, updated_at: now,
  };
}

/** A store in a fake database: a version, a change log without gaps, and the customers. */
function fakeSource(docs: CustomerDoc[]) {
  const byId = new Map(docs.map((d) => [d._id, d]));
  const changes: number[] = [];
  const source: IndexSource = {
    storeVersion: async () => changes.length,
    changedBetween: async (_store, from, to) => changes.slice(from, to),
    listByStore: async (storeId) => [...byId.values()].filter((d) => d.storeId === storeId),
    findById: async (id) => byId.get(id) ?? null,
  };
  const write = (d: CustomerDoc) => {
    byId.set(d._id, d);
    changes.push(d._id);
  };
  const remove = (id: number) => {
    byId.delete(id);
    changes.push(id);
  };
  return { source, byId, write, remove };
}

const QUERIES: SearchQuery[] = [
  ...['ana', 'ana1', 'nguyen', 'ngu', 'son', 'a', 'an', 'mail3', '.com', '2155550', '0123', '(215) 555-01', 'ana nguyen', 'nguyen ana', 'ohn', 'zzz', 'emma12 lee', 'c4'].map(keyQuery),
  nameAndPhoneQuery({ fname: 'gia', lname: '', phone: '' }),
  nameAndPhoneQuery({ fname: '', lname: 'walk', phone: '555' }),
  nameAndPhoneQuery({ fname: 'ivy1', lname: 'lopez', phone: '' }),
];

describe('the in-process search index', () => {
  it('when a store is searched through the index, then every answer equals ranking all its customers one by one', async () => {
    const docs = Array.from({ length: 3000 }, (_x, i) => customer(i + 1, i % 13 === 0 ? 2 : 1));
    const { source } = fakeSource(docs);
    const index = new CustomerIndex(source, { maxStores: 5 });
    const store1 = docs.filter((d) => d.storeId === 1);
    for (const q of QUERIES) {
      const found = await index.search(1, q, 50);
      expect({ q, ids: found.map((c) => c._id) }).toEqual({ q, ids: pickMatches(store1, q, 50).map((c) => c._id) });
      expect(found.every((c) => c.storeId === 1)).toBe(true);
    }
  });

  it('when the busiest stores are warmed at start, then their first search lists no customers and a stop ends the warming', async () => {
    const docs = Array.from({ length: 300 }, (_x, i) => customer(i + 1, (i % 3) + 1));
    const { source } = fakeSource(docs);
    const listed: number[] = [];
    const counting: IndexSource = { ...source, listByStore: async (storeId) => (listed.push(storeId), source.listByStore(storeId)) };
    const index = new CustomerIndex(counting, { maxStores: 2 });

    expect(await index.warm([3, 1, 2])).toBe(2); // no more than it keeps
    expect(listed).toEqual([3, 1]);
    const found = await index.search(3, keyQuery('ana'), 50);
    expect(found.map((c) => c._id)).toEqual(pickMatches(docs.filter((d) => d.storeId === 3), keyQuery('ana'), 50).map((c) => c._id));
    expect(listed).toEqual([3, 1]);

    let calls = 0;
    expect(await new CustomerIndex(counting, { maxStores: 5 }).warm([1, 2, 3], () => ++calls > 1)).toBe(1);
  });

  it('when customers are renamed, added and removed between searches, then the next search answers as a fresh ranking does', async () => {
    const docs = Array.from({ length: 500 }, (_x, i) => customer(i + 1));
    const db = fakeSource(docs);
    const index = new CustomerIndex(db.source, { maxStores: 5 });
    expect((await index.search(1, keyQuery('zed'), 50)).map((c) => c._id)).toEqual([]);

    db.write({ ...customer(7), fname: 'zed', lname: 'nguyen' });
    db.write({ ...customer(9001), fname: 'zedd', phone: '2677771234' });
    db.remove(8);
    db.write({ ...customer(12), storeId: 2 }); // moved out of the store
    const after = [...db.byId.values()].filter((d) => d.storeId === 1);
    for (const q of [...QUERIES, keyQuery('zed'), keyQuery('777123'), keyQuery('ana8'), keyQuery('hana12')]) {
      expect({ q, ids: (await index.search(1, q, 50)).map((c) => c._id) }).toEqual({ q, ids: pickMatches(after, q, 50).map((c) => c._id) });
    }
    expect((await index.search(1, keyQuery('zed'), 50)).map((c) => c._id)).toEqual([7, 9001]);
  });
});
