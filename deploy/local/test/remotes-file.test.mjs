// /mfe/remotes.json: each built module with its entry and the routes its build shipped (routes.json), so the
// shell learns a module's new route without being rebuilt.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exposedFiles, remotesFor, routeFiles } from '../../nginx/generate.mjs';

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

  it("when a module's build lists its App files (app-files.json), then those are preloaded; otherwise its manifest's sync files", () => {
    const listed = built('booking');
    writeFileSync(path.join(listed, 'app-files.json'), JSON.stringify({ files: ['app.1.css', '776.2.js', 'app.3.js', '../escape.js'] }));
    const manifestOnly = built('calendar');
    writeFileSync(path.join(manifestOnly, 'mf-manifest.json'), JSON.stringify({
      exposes: [{ path: './App', assets: { js: { sync: ['1.a.js'], async: ['2.b.js'] }, css: { sync: ['1.a.css'], async: [] } } }],
    }));
    expect(exposedFiles({ booking: listed, calendar: manifestOnly, store: path.join(dir, 'store-not-built') })).toEqual({
      booking: ['app.1.css', '776.2.js', 'app.3.js'],
      calendar: ['1.a.css', '1.a.js'],
    });
  });

  it("when a module's build lists a route's own page files (app-files.json routes), then they are kept per route, plain names only", () => {
    const listed = built('booking');
    writeFileSync(path.join(listed, 'app-files.json'), JSON.stringify({
      files: ['app.1.js'],
      routes: { '/appointments': ['booking-appointments.2.js', '../escape.js'], 'not a path': ['x.js'] },
    }));
    expect(routeFiles({ booking: listed, calendar: built('calendar'), store: path.join(dir, 'store-not-built') })).toEqual({
      booking: { '/appointments': ['booking-appointments.2.js'] },
    });
  });
});
