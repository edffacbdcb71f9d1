import { readFileSync } from 'node:fs';
import path from 'node:path';
import { splitRouteKey } from './route-path';
import { buildPath, expressPath, ROUTES, routeKey, SPEC_ROUTES } from './routes';

// Our own copy of the spec's list of calls (method, path, owning service), kept with the table it checks.
const callsFile = path.join(__dirname, 'spec-calls.txt');

describe('route table', () => {
  it('when compared with the spec calls list, then every call is present with its method, path and owner', () => {
    const calls = readFileSync(callsFile, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => l.trim().split(/\s+/));
    const table = new Set(SPEC_ROUTES.map((r) => `${r.method} ${r.path} ${r.owner}`));
    const missing = calls.filter(([m, p, o]) => !table.has(`${m} ${p} ${o}`)).map((c) => c.join(' '));
    expect(missing).toEqual([]);
    expect(SPEC_ROUTES.length).toBe(calls.length);
  });

  it('when keys are built, then no two routes share one', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('when a store-scoped rule has no store source, then the table is wrong', () => {
    const storeRules = ['storeMember', 'storeNotLimited', 'storeManager', 'storeOwnerOrSuper', 'storeOwnerOrAdmin', 'storeOwner'];
    const bad = ROUTES.filter((r) => storeRules.includes(r.access) && !r.store).map(routeKey);
    expect(bad).toEqual([]);
  });

  it("when a route acts on a record, then it says where the id is, and its store comes from the record, or the record is held to the store its input names, or (the caller's own record: a customer's, an invitation) its policy judges it", () => {
    const storeRules = ['storeMember', 'storeNotLimited', 'storeManager', 'storeOwnerOrSuper', 'storeOwnerOrAdmin', 'storeOwner'];
    const heldToStore = (r: (typeof ROUTES)[number]) => storeRules.includes(r.access) && !!r.store && r.store !== 'record' && !r.storeList;
    const judged = (r: (typeof ROUTES)[number]) => r.store === 'record' || heldToStore(r) || ((r.access === 'customer' || r.access === 'authenticated') && 'policy' in r);
    const bad = ROUTES.filter((r) => (r.record ? !judged(r) : r.store === 'record')).map(routeKey);
    expect(bad).toEqual([]);
    // A record the call may leave out never decides whose the call is: only one held to the input's store may be.
    expect(ROUTES.filter((r) => r.record?.optional && !heldToStore(r)).map(routeKey)).toEqual([]);
  });

  it('when a path is built, then params are substituted and encoded', () => {
    expect(buildPath('GET user/{id}', { id: 42 })).toBe('/api/user/42');
    expect(buildPath('GET searchCustomer/{storeId}/{key}', { storeId: 2, key: 'a/b' })).toBe('/api/searchCustomer/2/a%2Fb');
    expect(() => buildPath('GET user/{id}', {})).toThrow('missing path param id');
    expect(expressPath('getSetting/staff/{userId}')).toBe('/api/getSetting/staff/:userId');
  });

  it("when a browser splits a route's key (its API client has no table), then it gets the table's method and path", () => {
    for (const r of ROUTES) expect(splitRouteKey(routeKey(r))).toEqual({ method: r.method, path: r.path });
  });
});
