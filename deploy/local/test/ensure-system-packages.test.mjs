import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBinary } from '../find-binary.mjs';

const moduleUrl = new URL('../ensure-system-packages.mjs', import.meta.url).href;
const script = `import(${JSON.stringify(moduleUrl)})
  .then((m) => m.ensureSystemPackages(['tb-missing-tool'], { 'tb-missing-tool': 'tb-missing-pkg' }))
  .then(() => console.log('no error'), (e) => console.log(e.message));`;

describe('system packages', () => {
  it('when every binary is there, then their paths are returned and nothing is installed', async () => {
    const { ensureSystemPackages } = await import('../ensure-system-packages.mjs');
    const found = await ensureSystemPackages(['nginx']);
    expect(found.nginx).toBe(findBinary('nginx'));
  });

  it('when a package is missing and we are not root, then the error names it and the command to install it', () => {
    // As root, run the check as "nobody" (runuser), so nothing is really installed.
    const asRoot = process.getuid() === 0;
    if (asRoot && !findBinary('runuser')) return;
    const node = process.execPath;
    const run = asRoot
      ? spawnSync('runuser', ['-u', 'nobody', '--', node, '-e', script], { encoding: 'utf8', cwd: path.dirname(fileURLToPath(import.meta.url)) })
      : spawnSync(node, ['-e', script], { encoding: 'utf8' });
    expect(run.stdout).toContain('missing: tb-missing-tool (Debian packages: tb-missing-pkg)');
    expect(run.stdout).toContain('sudo apt-get install -y tb-missing-pkg');
  });
});
