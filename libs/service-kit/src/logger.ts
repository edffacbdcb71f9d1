import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(service: string, level: string): Logger {
  return pino({ name: service, level, redact: ['req.headers.authorization', '*.password', '*.token'] });
}
