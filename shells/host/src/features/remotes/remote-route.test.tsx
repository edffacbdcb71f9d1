import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// The federation runtime as the shell calls it: what a remote's entry gives back is decided per test.
const runtime = {
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
};
jest.mock('@module-federation/enhanced/runtime', () => runtime);
// The plugins the shell registers (once per page, whichever test opens a route first).
const registered: ModuleFederationRuntimePlugin[] = [];
runtime.registerPlugins.mockImplementation((plugins: ModuleFederationRuntimePlugin[]) => registered.push(...plugins));

// Imported after the mock above (babel-jest hoists jest.mock; this import is plain).
const { RemoteRoute } = require('./remote-route') as typeof import('./remote-route');
const { resetRemotesFile } = require('./remote-loader') as typeof import('./remote-loader');

const REMOTES = { booking: { entry: '/mfe/booking/1.2.0/mf-manifest.json', version: '1.2.0', routes: [{ prefix: '/booking/', label: 'Online booking', public: true }] } };

function BookingApp() {
  return <h1>Booking module</h1>;
}

function openBookingRoute() {
  return renderWithProviders(<RemoteRoute />, { path: '/booking/lotus-nail-spa' });
}

// A test's first screen waits for the route to read remotes.json, load the module and draw: on a busy CI
// machine that may take longer than testing-library's 5 s.
const FIRST_SCREEN = { timeout: 15_000 };

beforeEach(() => {
  jest.clearAllMocks();
  // answers queued by a test that failed early must not be handed to the next one
  runtime.loadRemote.mockReset();
  resetRemotesFile();
  globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => REMOTES })) as unknown as typeof fetch;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a module that fails to load', () => {
  it("when the module's entry cannot be loaded, then the route shows Try again (not a blank page), and when the entry loads again, then Try again shows the module", async () => {
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('[ Module Federation RetryPlugin ]: The request failed three times and has now been abandoned'))
      .mockResolvedValueOnce({ default: BookingApp });
    openBookingRoute();

    expect(await screen.findByRole('heading', { name: 'Online booking could not be loaded' }, FIRST_SCREEN)).toBeInTheDocument();
    expect(screen.getByText('Check the connection, then try again.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Booking module' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Booking module' })).toBeInTheDocument();
    // The retry read remotes.json again (a fixed version may have been named meanwhile) and registered it.
    expect(globalThis.fetch).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'booking', entry: '/mfe/booking/1.2.0/mf-manifest.json' }], { force: true });
  });

  it('when the shell registers the remotes, then the federation runtime retries a failed entry with the retry plugin before the route gives up', async () => {
    runtime.loadRemote.mockResolvedValue({ default: BookingApp });
    openBookingRoute();
    await screen.findByRole('heading', { name: 'Booking module' }, FIRST_SCREEN);

    expect(registered.map((p) => p.name)).toEqual(['retry-plugin']);
    const [plugin] = registered;
    // The entry's script fails once, then loads: the plugin hands the module its exports, no error reaches the route.
    const exportsOnRetry = { get: jest.fn(), init: jest.fn() };
    const getRemoteEntry = jest.fn().mockRejectedValueOnce(new Error('ScriptNetworkError')).mockResolvedValueOnce(exportsOnRetry);
    const loadEntryError = plugin.loadEntryError as unknown as (args: object) => Promise<unknown>;
    await expect(loadEntryError({
      getRemoteEntry, origin: {}, remoteInfo: { name: 'booking', entry: '/mfe/booking/1.2.0/remoteEntry.js' }, globalLoading: {}, uniqueKey: 'booking',
    })).resolves.toBe(exportsOnRetry);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });
});
