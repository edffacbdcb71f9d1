import type { Connection } from 'mongoose';
import type { Logger } from './logger';

export interface MongoKeeperOptions {
  /** how often the database is pinged */
  everyMs?: number;
  /** how long a ping may take before it counts as failed */
  pingTimeoutMs?: number;
  /** how long pings may keep failing before the client is reopened */
  reopenAfterMs?: number;
}

/**
 * Keeps a service's database connection alive across a database restart without restarting the service.
 * The driver reconnects by itself almost always; but once in a while (FerretDB killed while the driver's
 * server monitor was between checks) its monitor stops and every call fails with the same closed
 * connection forever. A ping that keeps failing for `reopenAfterMs` reopens the client: the connection and
 * its models stay the same objects.
 */
export function keepMongoConnected(db: Connection, log: Logger, opts: MongoKeeperOptions = {}): { stop(): void } {
  const everyMs = opts.everyMs ?? 2000;
  const pingTimeoutMs = opts.pingTimeoutMs ?? 3000;
  const reopenAfterMs = opts.reopenAfterMs ?? 10_000;
  let failingSince: number | undefined;
  let busy = false;
  let stopped = false;

  const ping = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), pingTimeoutMs)));
    const answered = db.getClient().db('admin').command({ ping: 1 }).then(() => true, () => false);
    try {
      return await Promise.race([answered, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const check = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      if (await ping()) {
        if (failingSince !== undefined) log.info({ downMs: Date.now() - failingSince }, 'database answering again');
        failingSince = undefined;
        return;
      }
      failingSince ??= Date.now();
      if (Date.now() - failingSince < reopenAfterMs || stopped) return;
      log.warn({ downMs: Date.now() - failingSince }, 'database unreachable; reopening the client');
      const client = db.getClient();
      await client.close(true).catch(() => undefined);
      await client.connect().catch((err) => log.warn({ err: String(err) }, 'database not reopened yet'));
      failingSince = Date.now();
    } finally {
      busy = false;
    }
  };

  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
