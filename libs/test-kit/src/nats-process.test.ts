import net from 'node:net';
import { NatsProcess } from './nats-process';

describe('NatsProcess (a test\'s own nats-server)', () => {
  const started: NatsProcess[] = [];
  afterAll(async () => {
    for (const n of started) await n.kill();
  });

  it('when several start at once without a port, then each listens on its own port and answers with its own name', async () => {
    const servers = [new NatsProcess(), new NatsProcess(), new NatsProcess(), new NatsProcess()];
    started.push(...servers);
    await Promise.all(servers.map((s) => s.start()));
    expect(new Set(servers.map((s) => s.port)).size).toBe(4);
    expect(new Set(servers.map((s) => s.name)).size).toBe(4);
  }, 60_000);

  it('when it is killed and started again, then it comes back on the same port', async () => {
    const nats = new NatsProcess();
    started.push(nats);
    await nats.start();
    const { port } = nats;
    await nats.kill();
    await nats.start();
    expect(nats.port).toBe(port);
  }, 60_000);

  it('when its port is held by another server, then start fails instead of handing the test that server', async () => {
    const other = net.createServer((socket) => socket.write('INFO {"server_name":"someone-else"}\r\n'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const nats = new NatsProcess((other.address() as net.AddressInfo).port);
      started.push(nats);
      await expect(nats.start(5000)).rejects.toThrow(/nats-server exited|did not answer/);
    } finally {
      await new Promise((r) => other.close(r));
    }
  }, 30_000);
});
