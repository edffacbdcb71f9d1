import pino from 'pino';
import { currentRequestId } from './request-context';

export type Logger = pino.Logger;

export function createLogger(service: string, level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      name: service,
      level,
      redact: ['req.headers.authorization', '*.password', '*.token'],
      // every line written on behalf of a request (or of an event it published) names the request
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
    },
    destination,
  );
}
