import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { archiveCommit, lastReleaseTag, RELEASES_DIR } from '../previous-release.mjs';
import { REPO_ROOT } from '../paths.mjs';

// The version-skew journeys build the last release from deploy/releases/<tag>.tar.gz, so that a checkout
// without tags or history (a CI clone) can build it too. The archive must hold what that build reads.

const tag = lastReleaseTag();
const archive = path.join(RELEASES_DIR, `${tag}.tar.gz`);
const listed = () => execFileSync('tar', ['-tzf', archive], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }).split('\n').filter(Boolean);

describe('the last release archive', () => {
  it('when the last release is looked for, then it has an archive that names the commit it was made from', () => {
    expect(existsSync(archive)).toBe(true);
    expect(archiveCommit(archive)).toMatch(/^[0-9a-f]{40}$/);
  });

  it("when the release is built from its archive, then every service's entry, every module's build config and the service build script are in it, and no test", () => {
    const files = listed();
    for (const service of ['billing', 'customers', 'identity', 'messaging', 'realtime', 'scheduling']) expect(files).toContain(`services/${service}/src/main.ts`);
    for (const module of ['admin', 'booking', 'calendar', 'kiosk', 'store']) expect(files).toContain(`mfes/${module}/package.json`);
    expect(files).toContain('deploy/local/build-service.mjs');
    expect(files.filter((f) => /\.test\.[cm]?[jt]sx?$/.test(f))).toEqual([]);
  });

  it("when this checkout has the release's tag, then the archive was made from the tag's commit", () => {
    let tagged;
    try {
      tagged = execFileSync('git', ['rev-parse', `${tag}^{commit}`], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      tagged = undefined; // a clone without tags: the archive is all there is
    }
    if (tagged) expect(archiveCommit(archive)).toBe(tagged);
    else expect(execFileSync('git', ['tag', '--list', tag], { cwd: REPO_ROOT, encoding: 'utf8' }).trim()).toBe('');
  });
});
