import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { INTERNAL_TOKEN_HEADER } from '@turnbook/contracts';
import { unauthenticated } from './errors';
import type { EventBus } from './events';
import type { Logger } from './logger';

const ROUTE = Symbol('metricsRoute');

/** Names the route a request is counted under: the route table's pattern (`user/{id}`), never its URL with ids. */
export function noteRoute(req: Request, pattern: string): void {
  (req as Request & { [ROUTE]?: string })[ROUTE] = pattern;
}

/** A request no route answered (the 404 fallback) is counted under this one label, whatever its URL. */
export const UNMATCHED_ROUTE = 'unmatched';

function routeOf(req: Request): string {
  const noted = (req as Request & { [ROUTE]?: string })[ROUTE];
  if (noted) return noted;
  // A plain route of the service's own (ServiceParts.extra): Express's pattern, which has no ids either.
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : UNMATCHED_ROUTE;
}

/** One read shared by the gauges of a scrape that need it (consumer lag feeds two), for `ms` after it starts. */
function latestRead<T>(read: () => Promise<T>, ms = 1000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = performance.now();
    if (!last || now - last.at > ms) last = { at: now, value: read() };
    return last.value;
  };
}

type Read = () => number | Promise<number>;
type ReadLabelled = () => Promise<Array<{ labels: Record<string, string>; value: number }>>;

/**
 * One service instance's Prometheus metrics (prom-client, a registry of its own so several services built in
 * one test process stay apart): Node's process metrics, requests per route, and gauges read when scraped.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status_class'>;
  private readonly duration: Histogram<'route' | 'method'>;
  private readonly replays: Counter<'route'>;

  constructor(service: string, private readonly log?: Logger) {
    this.registry.setDefaultLabels({ service });
    // Event-loop lag sampled every 100 ms, not prom-client's 10: the 10 ms timer woke every idle instance 100
    // times a second, about half of its idle CPU (0.3 of 0.6 CPU-s a minute); a stall still shows in full.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 100 });
    const registers = [this.registry];
    this.requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern, method and status class (errors are 4xx and 5xx).', labelNames: ['route', 'method', 'status_class'], registers });
    this.duration = new Histogram({ name: 'http_request_duration_seconds', help: 'Time from arrival to the last byte of the answer, by route pattern and method.', labelNames: ['route', 'method'], registers });
    this.replays = new Counter({ name: 'idempotency_replays_total', help: 'Retried writes answered from their stored first answer (Idempotency-Key).', labelNames: ['route'], registers });
  }

  /** Times and counts every request that reaches it, once its answer is sent. */
  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const started = performance.now();
      res.once('finish', () => {
        const route = routeOf(req);
        this.requests.inc({ route, method: req.method, status_class: `${Math.floor(res.statusCode / 100)}xx` });
        this.duration.observe({ route, method: req.method }, (performance.now() - started) / 1000);
      });
      next();
    };
  }

  countReplay(route: string): void {
    this.replays.inc({ route });
  }

  /** The bus's outbox depth and the lag of each durable consumer this instance runs, read when scraped. */
  watchEvents(bus: Pick<EventBus, 'outboxDepth' | 'consumerLag'>): void {
    this.gauge('outbox_depth', 'Events written but not yet published to NATS (outbox records).', () => bus.outboxDepth());
    const lag = latestRead(() => bus.consumerLag());
    this.labelledGauge('nats_consumer_pending', 'Events of a durable consumer not yet delivered (JetStream num_pending).', ['durable'], async () =>
      (await lag()).map((c) => ({ labels: { durable: c.durable }, value: c.pending })));
    this.labelledGauge('nats_consumer_unacked', 'Events of a durable consumer delivered but not yet acknowledged.', ['durable'], async () =>
      (await lag()).map((c) => ({ labels: { durable: c.durable }, value: c.unacked })));
  }

  /** A gauge read when scraped (outbox depth, open sockets); a read that fails leaves it out of that scrape. */
  gauge(name: string, help: string, read: Read): void {
    this.labelledGauge(name, help, [], async () => [{ labels: {}, value: await read() }]);
  }

  /** A gauge with one value per label set, read when scraped (consumer lag per durable). */
  labelledGauge(name: string, help: string, labelNames: string[], read: ReadLabelled): void {
    const log = this.log;
    this.registry.registerMetric(new Gauge({
      name, help, labelNames, registers: [],
      async collect() {
        this.reset();
        try {
          for (const { labels, value } of await read()) this.set(labels, value);
        } catch (err) {
          log?.debug({ err: String(err), metric: name }, 'metric not read');
        }
      },
    }));
  }

  /**
   * GET /metrics for a scraper inside the cluster: the internal token as a bearer token (Prometheus's
   * `authorization` setting) or in the internal header; the gateway never routes it (docs/decisions.md).
   */
  endpoint(internalToken: string): RequestHandler {
    return async (req, res, next) => {
      const bearer = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1];
      try {
        if (bearer !== internalToken && req.get(INTERNAL_TOKEN_HEADER) !== internalToken) throw unauthenticated();
        res.type(this.registry.contentType).send(await this.registry.metrics());
      } catch (err) {
        next(err);
      }
    };
  }
}
