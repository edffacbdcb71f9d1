import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GENERAL_MESSAGES } from '@turnbook/contracts/errors/index';
import type { Customer } from '@turnbook/contracts/schemas/customers';
import { aCustomer } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { EMPLOYEES, roleAnswer, signInAsOwner } from '../page-frame/people-test-session';
import { Route, Routes } from 'react-router-dom';
import { CreateCustomer } from './customer-create-page';
import CustomerDetailsPage from './customer-details-page';
import { CustomersScreen } from './customers-page';

const customer = (id: number, fname: string, lname: string, extra: Partial<Customer> = {}) =>
  aCustomer({ id, storeId: 1, fname, lname, email: null, phone: `215555${String(id).padStart(4, '0')}`, status: '', banned: false, fav_staffId: null, book_with_fav_staff: 0, visited: 0, color: null, ...extra });
const STORE = [customer(1, 'olivia', 'smith', { fav_staffId: 10001 }), customer(2, 'emma', 'smith'), customer(3, 'bad', 'guy', { status: 'banned', banned: true })];
const base = {
  'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'),
  'GET /api/getStaffsByStoreId/1': { body: { employees: EMPLOYEES } },
  'GET /api/searchCustomerByNameAndPhone/1/null/smith/null': { body: { more: false, customers: STORE.slice(0, 2) } },
  'GET /api/searchCustomerByNameAndPhone/1/null/guy/null': { body: { more: false, customers: [STORE[2]] } },
};
/** Types a last name (one change: the search waits 500 ms after the last key). */
const searchLastName = (name: string) => fireEvent.change(screen.getByLabelText('Last name'), { target: { value: name } });

describe('customers', () => {
  beforeEach(() => signInAsOwner());
  afterEach(() => jest.useRealTimers());

  it('when the page opens, then no customer is listed and nothing is asked of the server until a field holds something (002 §5)', async () => {
    const api = mockApi(base);
    renderWithProviders(<CustomersScreen />);
    expect(await screen.findByText('Type a first name, last name or phone to search.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(api.calls.filter((c) => c.url.includes('Customer'))).toEqual([]);
  });

  it('when a search finds customers, then they show with phone, heart and the Banned badge', async () => {
    mockApi(base);
    renderWithProviders(<CustomersScreen />);
    searchLastName('smith');
    const olivia = await screen.findByRole('listitem', { name: 'Customer Olivia Smith' });
    expect(within(olivia).getByText('(215) 555-0001')).toBeInTheDocument();
    expect(within(olivia).getByRole('img', { name: 'Favorite staff: Linh Tran' })).toBeInTheDocument();
    searchLastName('guy');
    expect(within(await screen.findByRole('listitem', { name: 'Customer Bad Guy' })).getByText('Banned')).toBeInTheDocument();
  });

  it('when the customers service cannot answer just now (503), then the list says so instead of "no customer", and Try again asks again', async () => {
    const api = mockApi({ ...base, 'GET /api/searchCustomerByNameAndPhone/1/null/smith/null': { status: 503, body: { message: GENERAL_MESSAGES.databaseUnavailable, code: 'unavailable' } } });
    renderWithProviders(<CustomersScreen />);
    searchLastName('smith');
    expect(await screen.findByRole('heading', { name: 'Customers cannot be shown just now' })).toBeInTheDocument();
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByText('No customer')).not.toBeInTheDocument();
    const searches = () => api.calls.filter((c) => c.url.includes('searchCustomer')).length;
    const before = searches();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(searches()).toBe(before + 1));
  });

  it('when a search matches more than a page, then the first 50 show and Show more reads the next page from the server', async () => {
    const many = Array.from({ length: 55 }, (_, i) => customer(100 + i, `ann${i}`, 'lee'));
    const api = mockApi({
      ...base,
      'GET /api/searchCustomerByNameAndPhone/1/null/lee/null': { body: { customers: many.slice(0, 50), more: true } },
      'GET /api/searchCustomerByNameAndPhone/1/null/lee/null?page=1': { body: { customers: many.slice(50), more: false } },
    });
    renderWithProviders(<CustomersScreen />);
    searchLastName('lee');
    expect(await screen.findByText('50+ customers')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('55 customers')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(55);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.includes('searchCustomer')).map((c) => c.url)).toEqual([
      '/api/searchCustomerByNameAndPhone/1/null/lee/null',
      '/api/searchCustomerByNameAndPhone/1/null/lee/null?page=1',
    ]);
  });

  it("when a customer's details are asked for, then the modal (loaded on demand) shows their contact, favourite staff and appointments", async () => {
    mockApi({ ...base, 'GET /api/getAppointmentsByStoreIdAndCustomerId/1/1': { body: { appointments: [] } } });
    renderWithProviders(<CustomersScreen />);
    searchLastName('smith');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Details of Olivia Smith' }))[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Phone: (215) 555-0001')).toBeInTheDocument();
    expect(within(dialog).getByText('Favorite staff: Linh Tran')).toBeInTheDocument();
    expect(await within(dialog).findByText('Upcoming appointments')).toBeInTheDocument();
  });

  it('when a name is typed, then one search is sent 500 ms after the last key, and clearing all three fields clears the list', async () => {
    jest.useFakeTimers();
    const api = mockApi({ ...base, 'GET /api/searchCustomerByNameAndPhone/1/oli/null/null': { body: { more: false, customers: [STORE[0]] } } });
    renderWithProviders(<CustomersScreen />);
    await screen.findByText('Type a first name, last name or phone to search.');
    const first = screen.getByLabelText('First name');
    fireEvent.change(first, { target: { value: 'o' } });
    act(() => void jest.advanceTimersByTime(200));
    fireEvent.change(first, { target: { value: 'ol' } });
    act(() => void jest.advanceTimersByTime(200));
    fireEvent.change(first, { target: { value: 'oli' } });
    act(() => void jest.advanceTimersByTime(499));
    expect(api.calls.filter((c) => c.url.includes('searchCustomer'))).toHaveLength(0);
    act(() => void jest.advanceTimersByTime(1));
    expect(await screen.findByRole('listitem', { name: 'Customer Olivia Smith' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Customer Emma Smith' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.includes('searchCustomer')).map((c) => c.url)).toEqual(['/api/searchCustomerByNameAndPhone/1/oli/null/null']);

    fireEvent.change(first, { target: { value: '' } });
    act(() => void jest.advanceTimersByTime(500));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Customer Olivia Smith' })).not.toBeInTheDocument());
    expect(screen.getByText('Type a first name, last name or phone to search.')).toBeInTheDocument();

    fireEvent.change(first, { target: { value: 'oli' } });
    act(() => void jest.advanceTimersByTime(500));
    expect(await screen.findByRole('listitem', { name: 'Customer Olivia Smith' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    act(() => void jest.advanceTimersByTime(500));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Customer Olivia Smith' })).not.toBeInTheDocument());
    expect(screen.getByText('Type a first name, last name or phone to search.')).toBeInTheDocument();
  });

  it('when a first name of dots alone is typed with a last name, then only the last name travels and the dots filter the answer', async () => {
    const api = mockApi({ ...base, 'GET /api/searchCustomerByNameAndPhone/1/null/smith/null': { body: { more: false, customers: [...STORE.slice(0, 2), customer(4, 'j.', 'smith')] } } });
    renderWithProviders(<CustomersScreen />);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: '.' } });
    searchLastName('smith');
    expect(await screen.findByRole('listitem', { name: 'Customer J. Smith' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Customer Emma Smith' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.includes('Customer')).map((c) => c.url)).toEqual(['/api/searchCustomerByNameAndPhone/1/null/smith/null']);
  });

  it('when searching for regex characters, then they travel literally in the path', async () => {
    const api = mockApi({ ...base, 'GET /api/searchCustomerByNameAndPhone/1/(%5C/null/null': { body: { more: false, customers: [] } } });
    renderWithProviders(<CustomersScreen />);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: '(\\' } });
    expect(await screen.findByText('No customer', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(api.callsTo('GET /api/searchCustomerByNameAndPhone/1/(%5C/null/null')).toHaveLength(1);
  });

  it('when merging, then Merge appears only once a Keep and a Delete are both chosen, and posts {source: keep, dest: delete}', async () => {
    const api = mockApi({ ...base, 'POST /api/mergeCustomers': { body: { success: true } } });
    renderWithProviders(<CustomersScreen />);
    const user = userEvent.setup();
    searchLastName('smith');
    await screen.findByRole('listitem', { name: 'Customer Emma Smith' });
    await user.click(screen.getByRole('switch', { name: 'Merge customers' }));
    expect(screen.queryByRole('button', { name: 'Merge' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep Olivia Smith (1)' }));
    expect(screen.queryByRole('button', { name: 'Merge' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Emma Smith (2)' }));
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('POST /api/mergeCustomers')).toHaveLength(1));
    expect(api.callsTo('POST /api/mergeCustomers')[0].body).toEqual({ source: 1, dest: 2 });
  });

  it('when a plain staff member (not owner) opens the list, then there is no merge toggle', async () => {
    signInAsOwner({ store_owner_id: '99' });
    mockApi({ ...base, 'GET /api/getStaffsByUserId/2/1': roleAnswer('staff') });
    renderWithProviders(<CustomersScreen />);
    searchLastName('smith');
    await screen.findByRole('listitem', { name: 'Customer Emma Smith' });
    expect(screen.queryByRole('switch', { name: 'Merge customers' })).not.toBeInTheDocument();
  });
});

describe('create customer', () => {
  beforeEach(() => signInAsOwner());

  it("when no first name is typed, then there is no Create button; a blank name gives 'Customer name cannot be empty'", async () => {
    const api = mockApi(base);
    renderWithProviders(<CreateCustomer />);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^First name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Customer name cannot be empty')).toBeInTheDocument();
    expect(api.callsTo('POST /api/customer')).toHaveLength(0);
  });

  it('when the favourite staff is clicked again, then it is cleared and fav_staffId 0 is sent; Congrats links to the new customer', async () => {
    const api = mockApi({ ...base, 'POST /api/customer': { status: 201, body: { customer: customer(201, 'zed', 'lee') } } });
    renderWithProviders(<CreateCustomer />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First name/), 'Zed');
    await user.type(screen.getByLabelText(/^Last name/), 'Lee');
    await user.type(screen.getByLabelText(/^Phone/), '2155550199');
    const linh = await screen.findByRole('radio', { name: 'Linh Tran' });
    await user.click(linh);
    expect(linh).toBeChecked();
    await user.click(linh);
    expect(linh).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Congrats')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/customer/201');
    expect(api.callsTo('POST /api/customer')[0].body).toEqual({ storeId: 1, fname: 'zed', lname: 'lee', email: '', phone: '2155550199', fav_staffId: 0 });
  });

  it('when the server names a field, then its message shows on that field', async () => {
    mockApi({ ...base, 'POST /api/customer': { status: 400, body: { message: 'must have 10 digits', code: 'validation', field: 'phone' } } });
    renderWithProviders(<CreateCustomer />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First name/), 'Zed');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('must have 10 digits')).toBeInTheDocument();
  });
});

describe('customer details', () => {
  beforeEach(() => signInAsOwner());
  const detailsAt = () => (
    <Routes>
      <Route path="customer/:customerId" element={<CustomerDetailsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );

  it('when the customer does not exist (404), then the page says the customer was not found, with nothing to try again', async () => {
    mockApi({ ...base, 'GET /api/customer/404': { status: 404, body: { message: 'Customer not found', code: 'notFound' } } });
    renderWithProviders(detailsAt(), { path: '/customer/404' });
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('when the customer is of another store, then the page says the customer was not found in the chosen store', async () => {
    mockApi({ ...base, 'GET /api/customer/7': { body: { customer: customer(7, 'ann', 'lee', { storeId: 99 }) } } });
    renderWithProviders(detailsAt(), { path: '/customer/7' });
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument();
    expect(screen.getByText('The customer is not in the chosen store.')).toBeInTheDocument();
  });
});
