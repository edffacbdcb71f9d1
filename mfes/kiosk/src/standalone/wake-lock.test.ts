import { keepScreenOn } from './wake-lock';

function fakeWakeLock() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  return {
    sentinels,
    request: jest.fn(async () => {
      const s = { released: false, release: async () => void (s.released = true) };
      sentinels.push(s);
      return s;
    }),
  };
}
const setVisibility = (v: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => v });
  document.dispatchEvent(new Event('visibilitychange'));
};
const settle = () => new Promise((ok) => setTimeout(ok, 0));

describe('keepScreenOn', () => {
  afterEach(() => setVisibility('visible'));

  it('when the kiosk starts and later comes back after being hidden (the browser dropped the lock), then the screen wake lock is asked for again', async () => {
    setVisibility('visible');
    const wakeLock = fakeWakeLock();
    const stop = keepScreenOn({ wakeLock }, document);
    await settle();
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
    expect(wakeLock.request).toHaveBeenCalledWith('screen');

    // Hidden: the browser releases the lock; visible again: asked for anew, once.
    setVisibility('hidden');
    wakeLock.sentinels[0].released = true;
    await settle();
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await settle();
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
    setVisibility('visible');
    await settle();
    expect(wakeLock.request).toHaveBeenCalledTimes(2);

    stop();
    expect(wakeLock.sentinels[1].released).toBe(true);
  });

  it('when the browser has no wake lock, then nothing is asked and nothing breaks', () => {
    expect(() => keepScreenOn({}, document)()).not.toThrow();
  });
});
