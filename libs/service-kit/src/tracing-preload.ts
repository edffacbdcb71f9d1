import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Loaded before a service's bundle (`node --require ./tracing.js main.js`): when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set, tracing starts before the bundle requires express and mongodb, so their instrumentation can patch
 * them. Without it nothing else is loaded: no cost.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  // required here, not imported: the bundle loads the OpenTelemetry packages only on this path
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./tracing') as typeof import('./tracing');
  const provider = startTracing({ service: process.env.OTEL_SERVICE_NAME ?? serviceName() });
  // spans still batched when the service stops (its shutdown ends with process.exit)
  const flush = () => void provider.forceFlush().catch(() => undefined);
  process.once('SIGTERM', flush);
  process.once('SIGINT', flush);
}

/** The service's name, from the package.json beside its bundle (an artifact) or above it (services/<name>/dist). */
function serviceName(): string {
  const dir = path.dirname(path.resolve(process.argv[1] ?? '.'));
  for (const file of [path.join(dir, 'package.json'), path.join(dir, '..', 'package.json')]) {
    if (!existsSync(file)) continue;
    const name = (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name;
    if (name) return name.replace(/^@turnbook\//, '');
  }
  return 'turnbook-service';
}
