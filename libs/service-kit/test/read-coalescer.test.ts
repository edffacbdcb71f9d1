import { ReadCoalescer } from '../src/read-coalescer';

/** A value other processes change, read through a fetch we release by hand. */
function source() {
  let value = 'v1';
  const started: Array<{ at: number; release: () => void }> = [];
  const reads = new ReadCoalescer<string, string>(
    () =>
      new Promise((resolve) => {
        const seen = value; // what the read sees is fixed when it is sent
        started.push({ at: performance.now(), release: () => resolve(seen) });
      }),
  );
  return { reads, started, set: (v: string) => (value = v) };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('ReadCoalescer', () => {
  it('when callers come while a read that started after them is in flight, then they share it', async () => {
    const { reads, started } = source();
    const since = performance.now();
    const a = reads.read('k', since);
    const b = reads.read('k', since);
    expect(started).toHaveLength(1);
    started[0].release();
    await expect(Promise.all([a, b])).resolves.toEqual(['v1', 'v1']);
  });

  it('when a caller comes after a read started, then it never gets that read: it waits for the next, which sees a write made meanwhile', async () => {
    const { reads, started, set } = source();
    const early = reads.read('k');
    set('v2'); // a write acknowledged after the first read was sent, before the next callers came
    const late1 = reads.read('k');
    const late2 = reads.read('k');
    expect(started).toHaveLength(1); // the next read waits for the one in flight
    started[0].release();
    await expect(early).resolves.toBe('v1');
    await tick();
    expect(started).toHaveLength(2);
    started[1].release();
    await expect(Promise.all([late1, late2])).resolves.toEqual(['v2', 'v2']);
  });

  it('when a read that started after the caller has ended, then the caller gets its value without another read; a newer caller reads again', async () => {
    const { reads, started, set } = source();
    const since = performance.now();
    const first = reads.read('k', since);
    started[0].release();
    await first;
    set('v2');
    await expect(reads.read('k', since)).resolves.toBe('v1');
    expect(started).toHaveLength(1);
    const fresh = reads.read('k');
    expect(started).toHaveLength(2);
    started[1].release();
    await expect(fresh).resolves.toBe('v2');
  });

  it('when a read fails, then its callers get the error and the next caller reads again', async () => {
    let calls = 0;
    const reads = new ReadCoalescer<string, string>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      return 'back';
    });
    await expect(reads.read('k')).rejects.toThrow('database away');
    await expect(reads.read('k')).resolves.toBe('back');
    expect(calls).toBe(2);
  });

  it('when keys differ, then their reads do not wait for each other', async () => {
    const { reads, started } = source();
    void reads.read('a');
    void reads.read('b');
    expect(started).toHaveLength(2);
    started.forEach((s) => s.release());
  });
});
