import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { aService } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import ServiceCreatePage from './service-create-page';
import ServiceEditPage from './service-edit-page';
import ServicesPage from './services-page';
import type { Service } from './service-model';
import { Route, Routes } from 'react-router-dom';

const editAt = () => (
  <Routes>
    <Route path="services/edit/:id" element={<ServiceEditPage />} />
    <Route path="*" element={null} />
  </Routes>
);

const svc = (id: number, name: string, sortIndex: number, extra: Partial<Service> = {}): Service => ({
  id, storeId: 1, name, duration: 30, price: 25, priceCents: 2500, color: 'f8bbd0', icon: String(id), type: 'ALL', status: 'ON', sortIndex, ...extra,
});

const asOwner = () => useSession.getState().setSession({ access_token: 'T', user_id: '2', store_id: '1', store_owner_id: '2', owner_id: '2', store_permalink: 'lotus' });
const asStaff = () => useSession.getState().setSession({ access_token: 'T', user_id: '9', store_id: '1', store_owner_id: '2', owner_id: '2', store_permalink: 'lotus' });

afterEach(() => useSession.getState().clearSession());

describe('services list', () => {
  it('when the list loads, then each card shows name, minutes, dollars, the internal marker and status', async () => {
    asOwner();
    mockApi({ 'GET /api/getServicesByStoreId/1': { body: { services: [svc(2, 'Gel Removal', 1, { type: 'INTERNAL', price: 10.5, priceCents: 1050 }), svc(1, 'Classic Manicure', 0)] } } });
    renderWithProviders(<ServicesPage />, { path: '/services' });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Classic Manicure', 'Gel Removal']);
    expect(within(items[1]).getByText('30 min · $10.50')).toBeInTheDocument();
    expect(within(items[1]).getByText('*Internal service')).toBeInTheDocument();
    expect(within(items[0]).queryByText('*Internal service')).not.toBeInTheDocument();
    expect(within(items[0]).getByText('ON')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Classic Manicure' })).toHaveAttribute('href', '/services/edit/1');
  });

  it('when a non-owner opens the list, then there are no add, edit or reorder controls', async () => {
    asStaff();
    mockApi({ 'GET /api/getServicesByStoreId/1': { body: { services: [svc(1, 'Classic Manicure', 0)] } } });
    renderWithProviders(<ServicesPage />, { path: '/services' });
    await screen.findByText('Classic Manicure');
    expect(screen.queryByRole('link', { name: /edit/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'reorder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add service' })).not.toBeInTheDocument();
  });

  it('when the owner reorders and saves, then updateServiceSortIndex is posted for each service with its new index', async () => {
    asOwner();
    const api = mockApi({
      'GET /api/getServicesByStoreId/1': { body: { services: [svc(1, 'A', 0), svc(2, 'B', 1), svc(3, 'C', 2)] } },
      'POST /api/updateServiceSortIndex/1': { body: { service: aService({ id: 1 }) } },
      'POST /api/updateServiceSortIndex/2': { body: { service: aService({ id: 2 }) } },
      'POST /api/updateServiceSortIndex/3': { body: { service: aService({ id: 3 }) } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ServicesPage />, { path: '/services' });
    await user.click(await screen.findByRole('button', { name: 'reorder' }));
    expect(screen.getByRole('button', { name: 'Drag A' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move C up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.url.startsWith('/api/updateServiceSortIndex/'))).toHaveLength(3));
    const posted = api.calls.filter((c) => c.url.startsWith('/api/updateServiceSortIndex/')).map((c) => [c.url.split('/').pop(), c.body]);
    expect(posted).toEqual([
      ['1', { sortIndex: 0 }],
      ['3', { sortIndex: 1 }],
      ['2', { sortIndex: 2 }],
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
  });

  it('when the owner cancels a reorder, then nothing is posted and the list is reloaded', async () => {
    asOwner();
    const api = mockApi({ 'GET /api/getServicesByStoreId/1': { body: { services: [svc(1, 'A', 0), svc(2, 'B', 1)] } } });
    const user = userEvent.setup();
    renderWithProviders(<ServicesPage />, { path: '/services' });
    await user.click(await screen.findByRole('button', { name: 'reorder' }));
    await user.click(screen.getByRole('button', { name: 'Move B up' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.callsTo('GET /api/getServicesByStoreId/1')).toHaveLength(2));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual(['A', 'B']);
  });
});

describe('Add Service wizard', () => {
  /** The owner on /services/create; `created` answers the POST with service 9. */
  const openCreatePage = (created = false) => {
    asOwner();
    const api = mockApi(created ? { 'POST /api/service': { status: 201, body: { service: aService({ id: 9 }) } } } : {});
    const user = userEvent.setup();
    renderWithProviders(<ServiceCreatePage />, { path: '/services/create' });
    return { api, user };
  };

  it("when Next is pressed without a name, then 'Please give your service a name'", async () => {
    const { user } = openCreatePage();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please give your service a name')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Display to customer\?/ })).toBeChecked();
  });

  it("when the duration is empty, then 'Please enter a duration'; without an icon nothing is created; with one 'Congrats!'", async () => {
    const { api, user } = openCreatePage(true);
    await user.type(screen.getByRole('textbox', { name: 'Service name' }), 'Paraffin Dip');
    await user.click(screen.getByRole('switch', { name: /Display to customer\?/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('How long is for one session?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a duration')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Duration/ }), '25');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please choose an icon')).toBeInTheDocument();
    expect(api.callsTo('POST /api/service')).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'Towel (icon 11)' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Congrats!')).toBeInTheDocument();
    expect(screen.getByText('Paraffin Dip has been added!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/services');
    expect(api.callsTo('POST /api/service')[0].body).toEqual({ storeId: 1, name: 'Paraffin Dip', duration: 25, icon: '11', type: 'INTERNAL' });
  });

  it('when a page showed its message and a valid value is typed or chosen, then the message goes at once (name, duration, icon)', async () => {
    const { user } = openCreatePage();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please give your service a name')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Service name' }), 'P');
    expect(screen.queryByText('Please give your service a name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a duration')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Duration/ }), '25');
    expect(screen.queryByText('Please enter a duration')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please choose an icon')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Towel (icon 11)' }));
    expect(screen.queryByText('Please choose an icon')).not.toBeInTheDocument();
  });

  it('when a price of 27.50 is typed, then the service is created at 27.5 with its cents', async () => {
    const { api, user } = openCreatePage(true);
    await user.type(screen.getByRole('textbox', { name: 'Service name' }), 'Gel Fill');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Duration/ }), '45');
    await user.type(screen.getByRole('textbox', { name: /Price/ }), '27.50');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: 'Towel (icon 11)' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Congrats!');
    expect(api.callsTo('POST /api/service')[0].body).toMatchObject({ name: 'Gel Fill', duration: 45, price: 27.5 });
  });

  it('when a non-owner opens the wizard, then they are sent to /services', async () => {
    asStaff();
    mockApi({});
    renderWithProviders(<ServiceCreatePage />, { path: '/services/create' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/services'));
  });
});

describe('Service settings', () => {
  const table = () => ({
    'GET /api/service/4': { body: { service: svc(4, 'Spa Pedicure', 3, { price: 54.6, priceCents: 5460, duration: 60, color: '81d4fa', icon: '4' }) } },
    'PATCH /api/service/4': { body: { service: aService({ id: 4 }) } },
    'DELETE /api/service/4': { body: { success: true } },
  });

  it("when Save is pressed, then 'Do you want to update this service?' is asked and Yes patches with the price's cents kept and shows 'Updated!'", async () => {
    asOwner();
    const api = mockApi(table());
    const user = userEvent.setup();
    renderWithProviders(editAt(), { path: '/services/edit/4' });
    expect(await screen.findByRole('textbox', { name: 'Price($)' })).toHaveValue('54.60');
    expect(screen.getByText("internal service won't be shown in customer sign in or online booking.")).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Internal/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Do you want to update this service?')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/service/4')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/service/4')[0].body).toEqual({ name: 'Spa Pedicure', price: 54.6, duration: 60, color: '81d4fa', icon: '4', type: 'INTERNAL' });
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/services');
  });

  it('when a $27.50 service is opened and saved, then it shows 27.50 and saves 27.5, not 28', async () => {
    asOwner();
    const api = mockApi({
      ...table(),
      'GET /api/service/4': { body: { service: svc(4, 'Gel Fill', 3, { price: 27.5, priceCents: 2750, duration: 45, color: '81d4fa', icon: '4' }) } },
    });
    const user = userEvent.setup();
    renderWithProviders(editAt(), { path: '/services/edit/4' });
    expect(await screen.findByRole('textbox', { name: 'Price($)' })).toHaveValue('27.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByText('Updated!');
    expect(api.callsTo('PATCH /api/service/4')[0].body).toMatchObject({ price: 27.5 });
  });

  it("when the update question is answered No, then nothing is patched", async () => {
    asOwner();
    const api = mockApi(table());
    const user = userEvent.setup();
    renderWithProviders(editAt(), { path: '/services/edit/4' });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Do you want to update this service?')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /api/service/4')).toHaveLength(0);
  });

  it("when Delete service is confirmed, then DELETE service/{id} and 'Deleted!' (not 'No service', though the service now reads 404)", async () => {
    asOwner();
    let gone = false;
    const api = mockApi({
      ...table(),
      'GET /api/service/4': () => (gone ? { status: 404, body: { message: 'Service not found', code: 'notFound' } } : table()['GET /api/service/4']),
      'DELETE /api/service/4': () => ((gone = true), { body: { success: true } }),
    });
    const user = userEvent.setup();
    renderWithProviders(editAt(), { path: '/services/edit/4' });
    await user.click(await screen.findByRole('button', { name: 'Delete service' }));
    expect(await screen.findByText('Do you want to delete this service?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByText('Deleted!')).toBeInTheDocument();
    expect(screen.queryByText('No service')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/service/4')).toHaveLength(1);
  });

  it('when a non-owner opens the settings, then they are sent to /services', async () => {
    asStaff();
    mockApi(table());
    renderWithProviders(editAt(), { path: '/services/edit/4' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/services'));
  });
});
