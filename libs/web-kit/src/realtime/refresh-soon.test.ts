import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { MAX_WAIT_MS, QUIET_MS, refreshSoon } from './refresh-soon';

describe('refreshing what a burst of realtime events touched', () => {
  afterEach(() => jest.useRealTimers());

  /** A client with two watched queries; answers how many times each was read. */
  async function watched() {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const reads = { day: 0, logs: 0 };
    // an active query, as a mounted screen holds it: invalidating it reads it again
    for (const name of ['day', 'logs'] as const) {
      new QueryObserver(qc, { queryKey: ['calendar', 1, name], queryFn: async () => ++reads[name] }).subscribe(() => undefined);
    }
    await jest.advanceTimersByTimeAsync(0);
    return { qc, reads };
  }

  it('when a hundred events name the same two queries within a moment, then each query is read once after the burst', async () => {
    jest.useFakeTimers();
    const { qc, reads } = await watched();
    for (let i = 0; i < 100; i++) refreshSoon(qc, [['calendar', 1, 'day'], ['calendar', 1, 'logs']]);
    expect(reads).toEqual({ day: 1, logs: 1 });
    await jest.advanceTimersByTimeAsync(QUIET_MS + 10);
    expect(reads).toEqual({ day: 2, logs: 2 });
  });

  it('when events keep coming without a pause, then what they touched is still read at least every MAX_WAIT_MS', async () => {
    jest.useFakeTimers();
    const { qc, reads } = await watched();
    for (let t = 0; t <= MAX_WAIT_MS; t += 10) {
      refreshSoon(qc, [['calendar', 1, 'day']]);
      await jest.advanceTimersByTimeAsync(10);
    }
    expect(reads.day).toBe(2);
    expect(reads.logs).toBe(1);
  });
});
