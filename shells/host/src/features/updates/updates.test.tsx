import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { markOwnVersion, useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { UpdateNotice } from './update-notice';
import { useVersionReload } from './use-version-reload';

class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.last = this;
  }
  send(s: string) {
    this.sent.push(JSON.parse(s));
  }
  close() {
    this.readyState = 3;
  }
}

describe('update notice', () => {
  beforeEach(() => {
    useSession.getState().clearSession();
    useSession.getState().setSession({ access_token: 't', user_id: '7' });
  });

  it('when the staff setting answers {app_version, body}, then the notice shows and dismissing records the version', async () => {
    const api = mockApi({
      'GET /api/getSetting/staff/7': { body: { app_version: '2.5.0', body: 'Faster calendar' } },
      'POST /api/updateSetting/staff/7': { body: { success: true } },
    });
    renderWithProviders(<UpdateNotice />);
    // The dialog's code loads on demand (update-dialog.tsx): allow for that first import.
    expect(await screen.findByText('Faster calendar', undefined, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(api.callsTo('POST /api/updateSetting/staff/7')[0]?.body).toEqual({ app_version: '2.5.0' }));
  });

  it('when the staff setting answers {message}, then there is no update notice', async () => {
    const api = mockApi({ 'GET /api/getSetting/staff/7': { body: { message: 'No update' } } });
    renderWithProviders(<UpdateNotice />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
  });

  it('when the front desk (store login) is signed in, then the store setting is read, the notice shows, and dismissing records it on the store', async () => {
    useSession.getState().setSession({ access_token: 't', user_id: '7', store_id: '4', store_log_in: 'ON' });
    const api = mockApi({
      'GET /api/getSetting/store/4': { body: { app_version: '2.6.0', body: 'Turns on the tablet' } },
      'POST /api/updateSetting/store/4': { body: { success: true } },
    });
    renderWithProviders(<UpdateNotice />);
    expect(await screen.findByText('Turns on the tablet', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(api.callsTo('GET /api/getSetting/staff/7')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(api.callsTo('POST /api/updateSetting/store/4')[0]?.body).toEqual({ app_version: '2.6.0' }));
  });
});

describe('version channel', () => {
  it('when a version event arrives, then the new-update marker is set and the page reloads', async () => {
    (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
    const reload = jest.fn();
    function Probe() {
      useVersionReload(reload);
      return null;
    }
    render(<Probe />);
    const ws = FakeSocket.last!;
    expect(ws.url).toMatch(/\/realtime$/);
    act(() => {
      ws.readyState = 1;
      ws.onopen?.();
    });
    expect(ws.sent).toContainEqual({ type: 'subscribe', channel: 'version' });
    act(() => ws.onmessage?.({ data: JSON.stringify({ type: 'event', channel: 'version', subject: 'evt.settings.0.version_updated', data: { app_version: '2.6.0', body: 'x' } }) }));
    expect(reload).toHaveBeenCalled();
    expect(localStorage.getItem('new_update')).toBe('2.6.0');
  });

  it('when the version event is for the version this tab saved (the super admin), then this tab does not reload', async () => {
    (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
    const reload = jest.fn();
    function Probe() {
      useVersionReload(reload);
      return null;
    }
    markOwnVersion('2.7.0');
    render(<Probe />);
    const ws = FakeSocket.last!;
    act(() => {
      ws.readyState = 1;
      ws.onopen?.();
    });
    act(() => ws.onmessage?.({ data: JSON.stringify({ type: 'event', channel: 'version', subject: 'evt.settings.0.version_updated', data: { app_version: '2.7.0', body: 'x' } }) }));
    expect(reload).not.toHaveBeenCalled();
  });
});
