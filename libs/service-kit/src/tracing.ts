import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';

export interface TracingOptions {
  service: string;
  /** Where spans go; OTLP over HTTP (OTEL_EXPORTER_OTLP_ENDPOINT and the other OTEL_* variables) when not given. */
  exporter?: SpanExporter;
}

/**
 * Traces a service: its HTTP requests (with the traceparent a caller sent), its Express routes, its MongoDB
 * calls, and the publishes and consumers of its events (event-context.ts). It must start before express and
 * mongodb are first required: their instrumentation patches them as they load (see tracing-preload.ts).
 */
/** The standard OTEL_BSP_SCHEDULE_DELAY (ms between batches), which this SDK no longer reads itself; 5 s by default. */
const exportDelay = () => Number(process.env.OTEL_BSP_SCHEDULE_DELAY) || undefined;

export function startTracing({ service, exporter }: TracingOptions): TracerProvider {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    // a test's exporter sees each span as it ends; a collector gets them in batches
    spanProcessors: [exporter ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: exportDelay() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.url === '/health' }),
      new ExpressInstrumentation(),
      new MongoDBInstrumentation(),
    ],
  });
  return provider;
}
