#!/usr/bin/env node
// Runs another built version of one module: no build of the shell or of any module.
//
//   npm run mfe:use -- booking 1.3.0 [--profile dev]     pin booking to mfes/booking/dist/1.3.0/
//   npm run mfe:use -- booking --latest                   drop the pin (the package.json version runs again)
//
// Writes the pin (mfe-versions.json) and /mfe/remotes.json, which the shell reads on every page load. With a
// stack running it also rewrites the gateway's config (the module pages' preload hints name the version's
// files) and reloads nginx gracefully: open connections finish, nothing restarts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { profileDirs, REPO_ROOT } from '../local/paths.mjs';
import { portsFor } from '../local/ports.mjs';
import { reloadNginx } from '../local/roll.mjs';
import { MFE_NAMES, writeGatewayConfig } from './generate.mjs';
import { builtVersions, readPins, writePins } from './module-versions.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { profile: { type: 'string', default: 'dev' }, latest: { type: 'boolean' } },
});
const [name, version] = positionals;
const fail = (message) => {
  console.error(message);
  process.exit(1);
};
if (!MFE_NAMES.includes(name)) fail(`usage: use-module-version.mjs <${MFE_NAMES.join('|')}> <version>|--latest [--profile dev]`);
const built = builtVersions(path.join(REPO_ROOT, 'mfes', name, 'dist'));
if (!values.latest && !built.includes(version)) fail(`${name} ${version ?? '(no version)'} is not built; built: ${built.join(', ') || 'none'}`);

const dirs = profileDirs(values.profile);
const pins = readPins(dirs.nginx);
if (values.latest) delete pins[name];
else pins[name] = version;
writePins(dirs.nginx, pins);

// The running stack (deploy/local writes run/stack.json): same gateway port and instances as it started with.
const stackFile = path.join(dirs.run, 'stack.json');
const pidFile = path.join(dirs.nginx, 'run', 'nginx.pid');
if (!existsSync(stackFile) || !existsSync(pidFile)) {
  console.log(`${name}: ${values.latest ? 'unpinned' : `pinned to ${version}`}; the gateway uses it when it starts`);
  process.exit(0);
}
const stack = JSON.parse(readFileSync(stackFile, 'utf8'));
const shift = Number(new URL(stack.gatewayUrl).port) - portsFor(values.profile, {}).gateway;
const ports = portsFor(values.profile, { TURNBOOK_PORT_SHIFT: String(shift) });
const instances = Object.fromEntries(Object.entries(stack.services).map(([service, list]) => [service, list.length]));
const gateway = await writeGatewayConfig({ nginxDir: dirs.nginx, logDir: dirs.logs, ports, instances });
// Returns once the old workers are gone: until then a page could still get the old version's preload hints
// (a journey loaded both versions' files once, right after `nginx -s reload` had returned).
try {
  await reloadNginx(Number(readFileSync(pidFile, 'utf8').trim()));
} catch (err) {
  fail(`nginx reload failed (remotes.json is written: the shell follows it): ${err.message}`);
}
console.log(`${name}: ${gateway.remotes[name]?.version} runs (${stack.gatewayUrl}/mfe/remotes.json)`);
