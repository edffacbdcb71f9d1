import net from 'node:net';
import { freePorts, isPortFree, mongoPingCheck } from '../health.mjs';

// The database's liveness check: a server that accepts connections but never answers a command is not alive.

/** A TCP server on a free port that does `onData` with what a client sends. */
async function serverDoing(onData) {
  const server = net.createServer((socket) => socket.on('data', (d) => onData(socket, d)));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { port: server.address().port, close: () => new Promise((r) => server.close(r)) };
}

describe('mongoPingCheck', () => {
  it('when the server answers the ping with a whole message, then it is alive', async () => {
    const seen = [];
    const s = await serverDoing((socket, d) => {
      seen.push(d);
      // a reply of 21 bytes, in two pieces: its length first, the rest after
      const reply = Buffer.alloc(21);
      reply.writeInt32LE(21, 0);
      socket.write(reply.subarray(0, 6));
      setTimeout(() => socket.write(reply.subarray(6)), 20);
    });
    try {
      expect(await mongoPingCheck(s.port, 1000)()).toBe(true);
      const message = Buffer.concat(seen);
      expect(message.readInt32LE(0)).toBe(message.length);
      expect(message.readInt32LE(12)).toBe(2013); // OP_MSG
      expect(message.includes(Buffer.from('ping\0'))).toBe(true);
      expect(message.includes(Buffer.from('admin\0'))).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('when the server accepts the connection but never answers, then it is not alive once the timeout is up', async () => {
    const s = await serverDoing(() => {});
    try {
      const began = Date.now();
      expect(await mongoPingCheck(s.port, 300)()).toBe(false);
      expect(Date.now() - began).toBeGreaterThanOrEqual(290);
    } finally {
      await s.close();
    }
  });

  it('when nothing listens, then it is not alive', async () => {
    const s = await serverDoing(() => {});
    const { port } = s;
    await s.close();
    expect(await mongoPingCheck(port, 1000)()).toBe(false);
  });
});

describe('freePorts', () => {
  it('when many ports are asked for at once, then they all differ and each is free to listen on', async () => {
    // picked one after the other, 40 tries of 20 met a duplicate in 23 of 30 runs
    for (let run = 0; run < 100; run += 1) {
      const ports = await freePorts(20);
      expect(new Set(ports).size).toBe(20);
      if (run === 0) for (const port of ports) expect(await isPortFree(port)).toBe(true);
    }
  });
});
