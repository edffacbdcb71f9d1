import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger';
import { REQUEST_ID_HEADER, withRequestId } from './request-context';

/** A gateway's id is kept only when it looks like one (nginx's $request_id is 32 hex digits). */
const USABLE_ID = /^[\w.:-]{1,128}$/;

function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  return typeof given === 'string' && USABLE_ID.test(given) ? given : randomUUID();
}

/**
 * One log line per request with its id (the gateway's X-Request-Id, else a new one), answered back in the
 * same header; the rest of the request runs under that id, so its logs and the events it publishes carry it.
 * Health probes are not logged.
 */
export function requestLogs(log: Logger): RequestHandler {
  const http = pinoHttp({
    logger: log,
    genReqId: (req, res) => {
      const id = requestIdOf(req);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/health' },
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }), res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }) },
    customSuccessMessage: (req, res, ms) => `${req.method} ${req.url} ${res.statusCode} ${Math.round(ms)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode} failed`,
    // the line is written once the answer is sent, outside the request's context: it names the request itself
    customSuccessObject: (req, _res, val: object) => ({ ...val, reqId: req.id }),
    customErrorObject: (req, _res, _err, val: object) => ({ ...val, reqId: req.id }),
  });
  return (req, res, next) => http(req, res, () => withRequestId(String(req.id), next));
}
