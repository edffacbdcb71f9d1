import { fireEvent, screen, within } from '@testing-library/react';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { aStore } from '@turnbook/web-kit/testing/fixtures';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { signInAsOwner } from '../page-frame/people-test-session';
import type { Report } from '../reports/report-model';
import { byLocation, byStaff, staffCsv, type FranchiseReport } from './franchise-model';
import FranchiseReportPage from './franchise-report-page';

// recharts measures the DOM, which jsdom cannot; the chart's own data shaping is plain props.
jest.mock('../reports/report-chart', () => ({ __esModule: true, default: ({ report }: { report: Report }) => <div role="img" aria-label={`Chart of ${report.columns.length} locations`} /> }));

// The calendar opens on the current month: the test picks its 2nd and 3rd as the range.
const now = new Date();
const ym = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const dayLabel = (d: number) => `${d} ${now.toLocaleString('en-US', { month: 'long' })} ${now.getFullYear()}`;
const D2 = `${ym}-02`;
const D3 = `${ym}-03`;

const location = (storeId: number, name: string, cents: [number, number]) => ({
  storeId, name, permalink: name.replace(' ', '-'),
  columns: [{ id: 10000 + storeId, name: `mai ${storeId}` }, { id: 9999, name: 'Unassigned' }, { id: 1111, name: 'Cancelled' }],
  rows: [
    { date: D2, incomeCents: cents[0] ? { [10000 + storeId]: cents[0] } : {}, totalCents: cents[0] },
    { date: D3, incomeCents: { 1111: 500, ...(cents[1] ? { [10000 + storeId]: cents[1] } : {}) }, totalCents: cents[1] },
  ],
  totalsCents: { [10000 + storeId]: cents[0] + cents[1], 1111: 500 },
  totalCents: cents[0] + cents[1],
});
const REPORT: FranchiseReport = {
  locations: [location(1, 'lotus nail spa', [4550, 0]), location(7, 'uptown nails', [1000, 2500])],
  days: [
    { date: D2, byStore: { 1: 4550, 7: 1000 }, totalCents: 5550 },
    { date: D3, byStore: { 1: 0, 7: 2500 }, totalCents: 2500 },
  ],
  totalCents: 8050,
};
const LOCATIONS = [aStore({ id: 1, name: 'lotus nail spa', ownerId: 2 }), aStore({ id: 7, name: 'uptown nails', permalink: 'uptown-nails', ownerId: 2 })];

describe('the consolidated report', () => {
  it('when an owner of two locations runs a range, then revenue per location and day, per staff member and the total show, with a chart', async () => {
    signInAsOwner();
    const url = `GET /api/getFranchiseReport?from=${D2}&to=${D3}&storeIds=1%2C7`;
    const api = mockApi({ 'GET /api/getFranchiseLocations/2': { body: { stores: LOCATIONS } }, [url]: { body: REPORT } });
    renderWithProviders(<FranchiseReportPage />, { path: '/franchise-report' });
    expect(await screen.findByRole('checkbox', { name: 'Uptown Nails' })).toBeChecked();
    const run = screen.getByRole('button', { name: 'Run Reports' });
    expect(run).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: dayLabel(2) }));
    fireEvent.click(screen.getByRole('button', { name: dayLabel(3) }));
    fireEvent.click(run);
    const table = await screen.findByRole('table', { name: 'Report' });
    expect(api.callsTo(url)).toHaveLength(1);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Date', 'Lotus Nail Spa', 'Uptown Nails', 'Total']);
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$45.50', '$10.00', '$55.50']);
    const staff = within(screen.getByRole('table', { name: 'Revenue per staff member' })).getAllByRole('row').slice(1);
    expect(staff.map((r) => r.textContent)).toEqual(['Lotus Nail SpaMai 1$45.50', 'Uptown NailsMai 7$35.00']);
    expect(screen.getByText('Total revenue, 2 locations: $80.50')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Chart of 2 locations' })).toBeInTheDocument();
  });

  it('when every location is unchecked, then it says to choose one instead of asking', async () => {
    signInAsOwner();
    mockApi({ 'GET /api/getFranchiseLocations/2': { body: { stores: LOCATIONS } } });
    renderWithProviders(<FranchiseReportPage />, { path: '/franchise-report' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'All' }));
    fireEvent.click(screen.getByRole('button', { name: dayLabel(2) }));
    expect(screen.getByText('Choose at least one location.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Reports' })).toBeDisabled();
  });

  it('when it is shaped for the chart and the files, then a column per location, Cancelled left out of staff, and the staff CSV in dollars', () => {
    const r = byLocation(REPORT);
    expect(r.columns.map((c) => c.id)).toEqual([1, 7]);
    expect(r.rows[1]).toEqual({ date: D3, incomeCents: { 1: 0, 7: 2500 }, totalCents: 2500 });
    expect(staffCsv(byStaff(REPORT)).split('\r\n')).toEqual(['Location,Staff,Revenue', 'Lotus Nail Spa,Mai 1,45.50', 'Uptown Nails,Mai 7,35.00', '']);
  });
});
