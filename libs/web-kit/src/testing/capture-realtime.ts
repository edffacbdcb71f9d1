import type { Listener } from '../realtime/realtime-client';
import { getRealtimeClient } from '../realtime/use-realtime';

/**
 * For a test: the realtime client subscribes nowhere and hands each channel's listener to the map returned,
 * so the test sends events itself (`listeners.get(channel)!(event)`). Undone by `jest.restoreAllMocks()`.
 */
export function captureRealtime(): Map<string, Listener> {
  const listeners = new Map<string, Listener>();
  jest.spyOn(getRealtimeClient(), 'subscribe').mockImplementation((channel, listener) => {
    listeners.set(channel, listener);
    return () => listeners.delete(channel);
  });
  return listeners;
}
