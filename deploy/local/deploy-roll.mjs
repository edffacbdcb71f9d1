// npm run deploy:roll -- <service> [--profile dev|test] [--run-dir <dir>] [--no-package] [--artifact <dir>]
// Packages the service (npm run package -w @turnbook/<service>) and asks the running launcher of that
// profile (npm start: dev; npm test: test) to replace its instances one at a time with the artifact
// (control.mjs, roll.mjs). TURNBOOK_PORT_SHIFT does not matter: the launcher is found by its run dir
// (--run-dir: stack.json's runDir, for a stack kept elsewhere). --artifact rolls to an artifact made
// elsewhere (another release's, see previous-release.mjs) instead of packaging this tree.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { requestRoll } from './control.mjs';
import { ARTIFACT_ROOT, packageService } from './package-service.mjs';
import { profileDirs } from './paths.mjs';
import { SERVICE_NAMES } from './ports.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { profile: { type: 'string', default: 'dev' }, 'run-dir': { type: 'string' }, 'no-package': { type: 'boolean', default: false }, artifact: { type: 'string' } },
});
const [service] = positionals;
if (!SERVICE_NAMES.includes(service) || !['dev', 'test'].includes(values.profile)) {
  console.error(`usage: npm run deploy:roll -- <service> [--profile dev|test] [--run-dir <dir>] [--no-package] [--artifact <dir>]   (service: ${SERVICE_NAMES.join(', ')})`);
  process.exit(2);
}
const artifactDir = values.artifact ? path.resolve(values.artifact) : path.join(ARTIFACT_ROOT, service);
if (!values['no-package'] && !values.artifact) {
  const began = Date.now();
  await packageService(service);
  console.log(`packaged @turnbook/${service} -> ${path.relative(process.cwd(), artifactDir)} (${Date.now() - began} ms)`);
}
const began = Date.now();
try {
  const { ok } = await requestRoll(values['run-dir'] ?? profileDirs(values.profile).run, { service, artifactDir }, (line) => console.log(line));
  console.log(ok ? `rolled ${service} in ${((Date.now() - began) / 1000).toFixed(1)} s` : `roll of ${service} failed`);
  process.exit(ok ? 0 : 1);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
