import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { startTracing } from '../../src/tracing';

/**
 * A process as a traced service runs (tracing.test.ts bundles it as a service is bundled): tracing starts
 * first, the code that requires express and mongodb after. Prints the ended spans as JSON.
 */
const exporter = new InMemorySpanExporter();
const provider = startTracing({ service: 'traced', exporter });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bookOnce } = require('./booking') as typeof import('./booking');

void bookOnce({ mongoUrl: process.env.MONGO_URL!, dbName: process.env.DB_NAME!, natsUrl: process.env.NATS_URL! }).then(async () => {
  await provider.forceFlush();
  const spans = exporter.getFinishedSpans().map((s) => ({
    name: s.name,
    kind: s.kind,
    traceId: s.spanContext().traceId,
    spanId: s.spanContext().spanId,
    parentSpanId: s.parentSpanContext?.spanId,
    scope: s.instrumentationScope.name,
    attributes: s.attributes,
  }));
  process.stdout.write(`${JSON.stringify(spans)}\n`);
  process.exit(0);
});
