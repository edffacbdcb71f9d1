// /mfe/remotes.json: each built module with the version that runs, its entry and the routes that version's build
// shipped (routes.json), so the shell learns a module's new route or version without being rebuilt.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exposedFiles, remotesFor, routeFiles } from '../../nginx/generate.mjs';
import { moduleReleases, readPins, writePins } from '../../nginx/module-versions.mjs';

const at = (dir, version = '1.0.0') => ({ dir, version });

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
    expect(remotesFor({ calendar: at(built('calendar', routes), '1.4.0') })).toEqual({
      calendar: { entry: '/mfe/calendar/1.4.0/mf-manifest.json', version: '1.4.0', routes },
    });
  });

  it('when a module has no routes.json, then it is listed with no routes; an unbuilt one is not listed', () => {
    const remotes = remotesFor({ admin: at(built('admin')), store: at(path.join(dir, 'store-not-built')) });
    expect(remotes).toEqual({ admin: { entry: '/mfe/admin/1.0.0/mf-manifest.json', version: '1.0.0', routes: [] } });
  });

  it("when a module's build lists its App files (app-files.json), then those are preloaded; otherwise its manifest's sync files", () => {
    const listed = built('booking');
    writeFileSync(path.join(listed, 'app-files.json'), JSON.stringify({ files: ['app.1.css', '776.2.js', 'app.3.js', '../escape.js'] }));
    const manifestOnly = built('calendar');
    writeFileSync(path.join(manifestOnly, 'mf-manifest.json'), JSON.stringify({
      exposes: [{ path: './App', assets: { js: { sync: ['1.a.js'], async: ['2.b.js'] }, css: { sync: ['1.a.css'], async: [] } } }],
    }));
    expect(exposedFiles({ booking: at(listed), calendar: at(manifestOnly), store: at(path.join(dir, 'store-not-built')) })).toEqual({
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
    expect(routeFiles({ booking: at(listed), calendar: at(built('calendar')), store: at(path.join(dir, 'store-not-built')) })).toEqual({
      booking: { '/appointments': ['booking-appointments.2.js'] },
    });
  });

  describe('which version runs', () => {
    // mfes/<name>/package.json and dist/<version>/ folders, each built at its own time (oldest first).
    const moduleWith = (name, packageVersion, versions) => {
      const root = path.join(dir, name);
      mkdirSync(path.join(root, 'dist'), { recursive: true });
      writeFileSync(path.join(root, 'package.json'), JSON.stringify({ version: packageVersion }));
      versions.forEach((v, i) => {
        built(path.join(name, 'dist', v), [{ path: `/${name}-${v}`, label: v }]);
        const when = new Date(Date.UTC(2026, 0, 1 + i));
        utimesSync(path.join(root, 'dist', v, 'mf-manifest.json'), when, when);
      });
      return path.join(root, 'dist');
    };

    it('when a module has several built versions and no pin, then its package.json version runs', () => {
      const releases = moduleReleases({ booking: moduleWith('booking', '1.1.0', ['1.1.0', '1.2.0-rc.1']) });
      expect(releases.booking).toEqual({ version: '1.1.0', dir: path.join(dir, 'booking/dist/1.1.0') });
      expect(remotesFor(releases).booking.entry).toBe('/mfe/booking/1.1.0/mf-manifest.json');
    });

    it('when one module is pinned to another built version, then remotes.json names that version for it and nothing else changes', () => {
      const roots = { booking: moduleWith('booking', '1.1.0', ['1.0.0', '1.1.0']), calendar: moduleWith('calendar', '3.0.0', ['3.0.0']) };
      const before = remotesFor(moduleReleases(roots));
      const after = remotesFor(moduleReleases(roots, { booking: '1.0.0' }));
      expect(after.booking).toEqual({ entry: '/mfe/booking/1.0.0/mf-manifest.json', version: '1.0.0', routes: [{ path: '/booking-1.0.0', label: '1.0.0' }] });
      expect(after.calendar).toEqual(before.calendar);
    });

    it('when a pin names a version that is not built, then it is ignored (and said so) rather than taking the module off the page', () => {
      const releases = moduleReleases({ booking: moduleWith('booking', '1.1.0', ['1.1.0']) }, { booking: '9.9.9' });
      expect(releases.booking.version).toBe('1.1.0');
      expect(releases.ignored).toEqual(['booking@9.9.9']);
    });

    it("when the package.json version is not built, then the module's most recent build runs", () => {
      expect(moduleReleases({ admin: moduleWith('admin', '5.0.0', ['2.0.0', '2.1.0', '1.9.0']) }).admin.version).toBe('1.9.0');
    });

    it('when pins are written, then only semver versions are read back', () => {
      writePins(dir, { booking: '1.0.0', calendar: '../etc' });
      expect(readPins(dir)).toEqual({ booking: '1.0.0' });
    });
  });
});
