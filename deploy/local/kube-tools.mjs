// The Helm chart's (deploy/helm) CI tools: helm and kubeconform, installed from the Go module proxy like
// stripe-mock, and kubeconform's schemas, written from k8s.io/api's Go types by kube-schemas/ (kubeconform
// downloads them from the internet by default, which CI cannot reach). All kept in the machine cache
// (~/.cache/turnbook/bin), so only a machine's first run builds them (helm takes minutes).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BIN_CACHE_DIR, LOCAL_DIR } from './paths.mjs';
import { findBinary } from './find-binary.mjs';
import { runCommand } from './run-command.mjs';
import { LauncherError, info, step } from './log.mjs';

export const HELM_VERSION = 'v3.22.0';
export const KUBECONFORM_VERSION = 'v0.8.0';
const SCHEMAS_SRC = path.join(LOCAL_DIR, 'kube-schemas');

function requireGo(what) {
  const go = findBinary('go');
  if (!go) throw new LauncherError(`Go is needed once to build ${what}, and was not found. Install Go 1.24 or newer and run again.`);
  return go;
}

/** `go install <module>/<cmd>@<version>` into the cache as <name>-<version>; built once per machine. */
async function goInstall(name, pkg, version) {
  const bin = path.join(BIN_CACHE_DIR, `${name}-${version}`);
  if (existsSync(bin)) return bin;
  const go = requireGo(name);
  step(`Installing ${name} ${version} from the Go module proxy (first run on this machine; helm takes minutes)`);
  // each build in a folder of its own, renamed when complete: a concurrent run never sees half a binary
  const gobin = path.join(BIN_CACHE_DIR, `.gobin-${name}-${process.pid}`);
  mkdirSync(gobin, { recursive: true });
  const { code, output } = await runCommand(go, ['install', `${pkg}@${version}`], {
    env: { ...process.env, GOBIN: gobin }, capture: true, echo: false,
  });
  if (code !== 0 || !existsSync(path.join(gobin, name))) {
    rmSync(gobin, { recursive: true, force: true });
    throw new LauncherError(`installing ${name} ${version} failed (go install exit ${code}):\n${output ?? ''}`);
  }
  renameSync(path.join(gobin, name), bin);
  rmSync(gobin, { recursive: true, force: true });
  info(`${name} installed: ${bin}`);
  return bin;
}

export const ensureHelm = () => goInstall('helm', 'helm.sh/helm/v3/cmd/helm', HELM_VERSION);
export const ensureKubeconform = () => goInstall('kubeconform', 'github.com/yannh/kubeconform/cmd/kubeconform', KUBECONFORM_VERSION);

/**
 * The folder of kubeconform schemas (<kind><-group>-<version>.json, its KindSuffix naming) for the kinds the
 * chart renders; rewritten when the generator's sources change. Use as
 * `-schema-location <dir>/{{ .ResourceKind }}{{ .KindSuffix }}.json`.
 */
export async function ensureKubeSchemas() {
  const hash = createHash('sha256');
  for (const file of ['go.mod', 'go.sum', 'main.go']) hash.update(readFileSync(path.join(SCHEMAS_SRC, file)));
  const dir = path.join(BIN_CACHE_DIR, `kube-schemas-${hash.digest('hex').slice(0, 12)}`);
  if (existsSync(dir)) return dir;
  const go = requireGo('the Kubernetes schemas');
  step('Writing the Kubernetes schemas kubeconform checks the chart against (from k8s.io/api)');
  const tmp = `${dir}.tmp-${process.pid}`;
  const { code, output } = await runCommand(go, ['run', '.', tmp], { cwd: SCHEMAS_SRC, capture: true, echo: false });
  if (code !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new LauncherError(`writing the Kubernetes schemas failed (go run exit ${code}):\n${output ?? ''}`);
  }
  renameSync(tmp, dir);
  return dir;
}
