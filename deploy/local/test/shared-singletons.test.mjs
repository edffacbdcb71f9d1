// Issue 33 item 2: the shared singletons of every build (shell and modules) accept the semver range their
// package.json declares, so a module published alone runs against any compatible shell and not an incompatible one.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHELL_MANTINE_CHUNK, requiredRange, sharedSingletons, shellProvidedMantine } from '../../../libs/web-kit/build/shared-singletons.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const installed = (pkg) => JSON.parse(readFileSync(path.join(REPO, 'node_modules', pkg, 'package.json'), 'utf8')).version;

describe('shared singletons', () => {
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'shared-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const packageWith = (dependencies) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'm', version: '1.0.0', dependencies }));
    return dir;
  };

  it('when a module pins a shared package, then its build accepts any later compatible release of it (a caret on the pin)', () => {
    const shared = sharedSingletons({ insideShell: true, packageDir: packageWith({ react: '19.3.1', 'react-router-dom': '7.18.5' }) });
    expect(shared.react).toMatchObject({ singleton: true, requiredVersion: '^19.3.1', version: installed('react') });
    expect(shared['react-dom'].requiredVersion).toBe(`^${installed('react-dom')}`);
    expect(shared['react-router-dom'].requiredVersion).toBe('^7.18.5');
  });

  it('when a module declares a range, then that range is the one its build accepts', () => {
    expect(requiredRange('react', packageWith({ react: '~19.3.0' }))).toBe('~19.3.0');
  });

  it("when a module does not list a shared package (Mantine, the query client, web-kit's own), then web-kit's package.json gives the range", () => {
    const shared = sharedSingletons({ insideShell: true, packageDir: packageWith({}) });
    const mantine = Object.entries(shared).filter(([key]) => key.includes('@mantine/core'));
    expect(mantine.length).toBeGreaterThan(0);
    for (const [, config] of mantine) expect(config).toMatchObject({ singleton: true, requiredVersion: `^${installed('@mantine/core')}` });
    expect(shared['@tanstack/react-query'].requiredVersion).toBe(`^${installed('@tanstack/react-query')}`);
    expect(shared['@mantine/modals'].requiredVersion).toBe(`^${installed('@mantine/modals')}`);
    // web-kit itself (linked "*" in the workspace): a range on its own version, no longer "any version".
    expect(shared['@turnbook/web-kit']).toMatchObject({ singleton: true, requiredVersion: `^${installed('@turnbook/web-kit')}` });
  });

  it('when every module of the repository is built, then each shared singleton has a semver range', () => {
    for (const name of ['calendar', 'store', 'kiosk', 'booking', 'admin']) {
      for (const [key, config] of Object.entries(sharedSingletons({ insideShell: true, packageDir: path.join(REPO, 'mfes', name) }))) {
        expect([name, key, config.requiredVersion]).toEqual([name, key, expect.stringMatching(/^[\^~]\d+\.\d+\.\d+/)]);
      }
    }
  });
  it("when a module runs inside the shell, then Mantine's core and the frame's components are the shell's (no copy of its own), singletons with a semver range the shell provides under the same keys", () => {
    const provided = Object.entries(shellProvidedMantine());
    const inside = sharedSingletons({ insideShell: true, packageDir: path.join(REPO, 'mfes/booking') });
    const alone = sharedSingletons({ packageDir: path.join(REPO, 'mfes/kiosk') });
    const mantine = installed('@mantine/core');
    for (const file of ['core/Box/Box.mjs', 'core/styles-api/use-styles/use-styles.mjs', 'components/Button/Button.mjs']) {
      expect(provided.map(([, p]) => p.shareKey)).toContain(`@mantine/core/esm/${file}`);
    }
    for (const [resolved, provide] of provided) {
      expect(resolved.endsWith(provide.shareKey.replace('@mantine/core/', ''))).toBe(true);
      expect(provide).toMatchObject({ version: mantine, singleton: true, requiredVersion: `^${mantine}` });
      expect(inside[resolved]).toEqual({ singleton: true, requiredVersion: `^${mantine}`, version: mantine, shareKey: provide.shareKey, import: false });
      // In the shell's one Mantine chunk, the one its pages load: no chunk of its own repeating it.
      expect([resolved, SHELL_MANTINE_CHUNK.test(resolved)]).toEqual([resolved, true]);
      // A build that also runs without the shell (the kiosk's tablet app) keeps its own copy.
      expect(alone[resolved]).toBeUndefined();
    }
  });

  it("when a module runs inside the shell, then every singleton is the shell's (no fallback of its own in its remoteEntry.js); the shell and a build that also runs alone keep their copies", () => {
    const inside = sharedSingletons({ insideShell: true, packageDir: path.join(REPO, 'mfes/calendar') });
    for (const [key, config] of Object.entries(inside)) expect([key, config.import]).toEqual([key, false]);
    for (const shared of [sharedSingletons({ packageDir: path.join(REPO, 'shells/host') }), sharedSingletons({ packageDir: path.join(REPO, 'mfes/kiosk') })]) {
      expect(shared.react.import).toBeUndefined();
      expect(shared['react-router-dom'].import).toMatch(/src[\\/]router[\\/]react-router-dom\.ts$/);
      expect(shared['@turnbook/web-kit'].import).toBeUndefined();
    }
  });
});
