// /mfe/remotes.json: each built module with its entry and the routes its build shipped (routes.json), so the
// shell learns a module's new route without being rebuilt.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remotesFor } from '../../nginx/generate.mjs';

describe('remotes file', () => {
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const built = (name, routes) => {
    const dist = path.join(dir, name);
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
    if (routes) writeFileSync(path.join(dist, 'routes.json'), JSON.stringify({ routes }));
    return dist;
  };

  it('when modules are built with routes.json, then each is listed with its manifest and its routes', () => {
    const routes = [{ prefix: '/calendar/', label: 'The calendar' }, { path: '/turns', label: 'Turns' }];
    expect(remotesFor({ calendar: built('calendar', routes) })).toEqual({
      calendar: { entry: '/mfe/calendar/mf-manifest.json', routes },
    });
  });

  it('when a module has no routes.json, then it is listed with no routes; an unbuilt one is not listed', () => {
    const remotes = remotesFor({ admin: built('admin'), store: path.join(dir, 'store-not-built') });
    expect(remotes).toEqual({ admin: { entry: '/mfe/admin/mf-manifest.json', routes: [] } });
  });
});
