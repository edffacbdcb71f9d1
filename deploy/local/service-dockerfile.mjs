// The services' Dockerfiles (issue 33, item 1) are one template: Docker has no include, so each
// services/<service>/Dockerfile is this text for its name and port. After changing the template:
//   node deploy/local/service-dockerfile.mjs --write
// (deploy/local/test/dockerfiles.test.mjs fails while a Dockerfile differs from it).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './paths.mjs';
import { SERVICE_NAMES, SERVICES } from './ports.mjs';

export const dockerfilePath = (service) => path.join(REPO_ROOT, 'services', service, 'Dockerfile');

/** services/<service>/Dockerfile as it must read. */
export function dockerfileFor(service) {
  const { port } = SERVICES[service];
  return `# syntax=docker/dockerfile:1
# The ${service} service's image, built from its artifact (npm run package: deploy/local/package-service.mjs).
#   docker build -f services/${service}/Dockerfile --build-arg TURNBOOK_COMMIT="$(git rev-parse HEAD)" -t turnbook-${service} .
# The first stage installs the workspace and packages the service; the image keeps only the artifact
# (main.js, its pruned production node_modules, version.json): no source tree, no dev dependencies.
# Node: the same 24 LTS the launcher runs every test on (deploy/local/node-runtime.mjs).
# Written by deploy/local/service-dockerfile.mjs: change the template there, not this file.

FROM node:24.21.0-bookworm-slim AS package
WORKDIR /repo
ARG TURNBOOK_COMMIT
COPY . .
RUN test -n "$TURNBOOK_COMMIT" && npm ci --no-audit --no-fund && npm run package -w @turnbook/${service}

FROM node:24.21.0-bookworm-slim
# NODE_COMPILE_CACHE: a restarted container loads its modules from compiled code (/tmp is writable by the node user)
ENV NODE_ENV=production HOST=0.0.0.0 PORT=${port} NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
COPY --from=package /repo/dist-artifact/${service}/ ./
# the image's unprivileged "node" account (by number, so the runtime can tell it is not root); the files it
# runs stay root's: it cannot change them
USER 1000:1000
EXPOSE ${port}
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \\
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tracing.js starts OpenTelemetry before main.js loads express and mongodb, when OTEL_EXPORTER_OTLP_ENDPOINT is set
CMD ["node", "--enable-source-maps", "--require", "./tracing.js", "main.js"]
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--write')) {
  for (const s of SERVICE_NAMES) writeFileSync(dockerfilePath(s), dockerfileFor(s));
  console.log(`wrote ${SERVICE_NAMES.length} Dockerfiles`);
}
