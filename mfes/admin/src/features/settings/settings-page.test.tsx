import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/scheduling';
import { ApiError, isOwnVersion } from '@turnbook/web-kit';
import SettingsPage, { migrationErrorText } from './settings-page';

// Typing into three fields and a confirm dialog takes over 20 s on the shared test machine.
jest.setTimeout(60_000);

describe('admin settings', () => {
  it('when Save is pressed with empty fields, then both are required and nothing is asked', async () => {
    const api = mockApi({});
    renderWithProviders(<SettingsPage />, { path: '/admin-settings' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('App version is required')).toBeInTheDocument();
    expect(screen.getByText('Body is required')).toBeInTheDocument();
    expect(screen.queryByText('Do you want to update the setting?')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("when Save is pressed, then 'Do you want to update the setting?' is asked and Yes posts updateVersion", async () => {
    const api = mockApi({ 'POST /api/updateVersion': { body: { app_version: '2.5.0', body: 'Faster calendar' } } });
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { path: '/admin-settings' });
    await user.type(screen.getByRole('textbox', { name: 'app_version' }), '2.5.0');
    await user.type(screen.getByRole('textbox', { name: 'body' }), 'Faster calendar');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Do you want to update the setting?')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('POST /api/updateVersion')).toHaveLength(1));
    expect(api.callsTo('POST /api/updateVersion')[0].body).toEqual({ app_version: '2.5.0', body: 'Faster calendar' });
  });

  it('when the update question is answered No, then nothing is posted', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { path: '/admin-settings' });
    await user.type(screen.getByRole('textbox', { name: 'app_version' }), '2.5.0');
    await user.type(screen.getByRole('textbox', { name: 'body' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Do you want to update the setting?')).not.toBeInTheDocument());
    expect(api.calls).toHaveLength(0);
  });

  it("when the migration is confirmed and succeeds, then 'save' turns into 'done' with how many moved, and a new entry makes it 'save' again", async () => {
    const api = mockApi({ 'POST /api/migrateAppointments': { body: { success: true, moved: 3 } } });
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { path: '/admin-settings' });
    await user.type(screen.getByRole('textbox', { name: 'Store id' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Source staff id' }), '10001');
    await user.type(screen.getByRole('textbox', { name: 'Destination staff id' }), '10002');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Do you want to move appointment?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('button', { name: 'done' })).toBeInTheDocument();
    expect(screen.getByText('3 appointments were moved.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/migrateAppointments')[0].body).toEqual({ storeId: 2, source: 10001, dest: 10002 });
    // another staff member typed: ready to save again
    await user.type(screen.getByRole('textbox', { name: 'Destination staff id' }), '9');
    expect(await screen.findByRole('button', { name: 'save' })).toBeEnabled();
  });

  it('when the migration service answers 404, then the failure is shown and the button stays save', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { path: '/admin-settings' });
    await user.type(screen.getByRole('textbox', { name: 'Store id' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Source staff id' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Destination staff id' }), '3');
    await user.click(screen.getByRole('button', { name: 'save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The appointments were not moved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'save' })).toBeInTheDocument();
  });

  const fillMigration = async (user: ReturnType<typeof userEvent.setup>, storeId: string, source: string, dest: string) => {
    await user.type(screen.getByRole('textbox', { name: 'Store id' }), storeId);
    await user.type(screen.getByRole('textbox', { name: 'Source staff id' }), source);
    await user.type(screen.getByRole('textbox', { name: 'Destination staff id' }), dest);
    await user.click(screen.getByRole('button', { name: 'save' }));
  };

  it('when the store id does not exist (404 notFound from scheduling), then the alert says so in words, not that the service is missing', async () => {
    mockApi({ 'POST /api/migrateAppointments': { status: 404, body: { code: 'notFound', message: SCHEDULING_MESSAGES.migrationStoreNotFound } } });
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { path: '/admin-settings' });
    await fillMigration(user, '999', '10001', '10002');
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('There is no store with this id.')).toBeInTheDocument();
    expect(screen.queryByText('The migration service cannot be reached just now. Please try again in a moment.')).not.toBeInTheDocument();
  });

  it('when the source and destination are the same, then the destination field says so in words and nothing is asked or sent', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { path: '/admin-settings' });
    await fillMigration(user, '2', '10001', '10001');
    expect(await screen.findByText('The source and the destination must be two different staff members.')).toBeInTheDocument();
    expect(screen.queryByText(/must differ from source/)).not.toBeInTheDocument();
    expect(screen.queryByText('Do you want to move appointment?')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('when the server refuses a field (the source is not staff of the store), then its words show without the field prefix', () => {
    const e = new ApiError(400, `source: ${SCHEDULING_MESSAGES.migrationSourceNotStaff}`, { code: 'validation', field: 'source' });
    expect(migrationErrorText(e)).toBe('The source staff id is not a staff member of this store.');
  });

  it("when the version is saved, then this tab is marked as its publisher (it will not reload on the version event) and the success shows", async () => {
    mockApi({ 'POST /api/updateVersion': { body: { app_version: '2.5.0', body: 'Faster calendar' } } });
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { path: '/admin-settings' });
    await user.type(screen.getByRole('textbox', { name: 'app_version' }), '3.1.0');
    await user.type(screen.getByRole('textbox', { name: 'body' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The setting was updated.')).toBeInTheDocument();
    expect(isOwnVersion('3.1.0')).toBe(true);
    expect(isOwnVersion('3.2.0')).toBe(false);
  });
});
