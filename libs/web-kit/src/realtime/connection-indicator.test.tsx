import { act, render, screen } from '@testing-library/react';
import type { RealtimeStatus } from './realtime-client';
import { ConnectionIndicator, DISCONNECTED_TEXT, INDICATOR_DELAY_MS } from './connection-indicator';
import { getRealtimeClient } from './use-realtime';

describe('ConnectionIndicator', () => {
  let status: RealtimeStatus;
  let tell: (s: RealtimeStatus) => void;
  beforeEach(() => {
    jest.useFakeTimers();
    status = 'connected';
    const client = getRealtimeClient();
    jest.spyOn(client, 'status', 'get').mockImplementation(() => status);
    jest.spyOn(client, 'onStatus').mockImplementation((fn) => {
      tell = fn;
      return () => undefined;
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const change = (s: RealtimeStatus) => act(() => {
    status = s;
    tell(s);
  });

  it('when the relay socket is down for more than a moment, then a status message says live updates are paused, and it goes when the socket is back', () => {
    render(<ConnectionIndicator />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('');
    change('disconnected');
    act(() => void jest.advanceTimersByTime(INDICATOR_DELAY_MS - 100));
    expect(region).toHaveTextContent('');
    act(() => void jest.advanceTimersByTime(100));
    expect(region).toHaveTextContent(DISCONNECTED_TEXT);
    change('connected');
    expect(region).toHaveTextContent('');
  });
});
