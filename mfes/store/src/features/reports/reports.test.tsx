import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { roleAnswer, signInAsOwner } from '../page-frame/people-test-session';
import { csvField, csvFileName, reportCsv } from './report-csv';
import { reportQuery, type Report } from './report-model';
import ReportsPage from './reports-page';
import { tableMinWidth } from './report-table';

// recharts measures the DOM, which jsdom cannot; the chart's own data shaping is plain props.
jest.mock('./report-chart', () => ({ __esModule: true, default: ({ report }: { report: Report }) => <div role="img" aria-label={`Chart of ${report.rows.length} days`} /> }));

// The calendar opens on the current month: the test picks its 2nd and 3rd.
const now = new Date();
const ym = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const dayLabel = (d: number) => `${d} ${now.toLocaleString('en-US', { month: 'long' })} ${now.getFullYear()}`;
const D2 = `${ym}-02`;
const D3 = `${ym}-03`;

const REPORT: Report = {
  storeId: 1,
  columns: [
    { id: 10000, name: 'mai' },
    { id: 10001, name: 'linh, "the pro"' },
    { id: 9999, name: 'Unassigned' },
    { id: 1111, name: 'Cancelled' },
  ],
  rows: [
    { date: '2026-11-02', incomeCents: { 10000: 4550, 10001: 2750, 1111: 3000 }, totalCents: 7300 },
    { date: '2026-11-03', incomeCents: { 9999: 1205 }, totalCents: 1205 },
  ],
  totalsCents: { 10000: 4550, 10001: 2750, 9999: 1205, 1111: 3000 },
  totalCents: 8505,
};

describe('the report CSV', () => {
  it('when the report is written, then amounts are dollars with cents, names with commas or quotes are quoted, and the totals row ends it', () => {
    expect(reportCsv(REPORT).split('\r\n')).toEqual([
      'Date,Mai,"Linh, ""The Pro""",Unassigned,Cancelled,Total',
      '2026-11-02,45.50,27.50,0.00,30.00,73.00',
      '2026-11-03,0.00,0.00,12.05,0.00,12.05',
      'Total,45.50,27.50,12.05,30.00,85.05',
      '',
    ]);
    expect(csvFileName(REPORT)).toBe('report-2026-11-02-2026-11-03.csv');
  });

  it('when a field holds a line break or starts like a formula, then it is quoted or defused', () => {
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('plain')).toBe('plain');
  });
});

describe('the choice of days', () => {
  it('when days are picked out of order, then they go sorted as dates; a range without its end is one day', () => {
    expect(reportQuery({ mode: 'days', days: ['2026-11-05', '2026-11-01', '2026-11-05'] })).toEqual({ query: { dates: '2026-11-01,2026-11-05' } });
    expect(reportQuery({ mode: 'range', range: ['2026-11-01', null] })).toEqual({ query: { from: '2026-11-01', to: '2026-11-01' } });
  });

  it('when nothing is chosen or the range is over 366 days, then it says why instead of asking', () => {
    expect(reportQuery({ mode: 'days', days: [] })).toEqual({ problem: 'Choose at least one day.' });
    expect(reportQuery({ mode: 'range', range: [null, null] })).toEqual({ problem: 'Choose the first and last day.' });
    expect(reportQuery({ mode: 'range', range: ['2025-01-01', '2026-01-02'] })).toEqual({ problem: 'Choose at most 366 days.' });
  });
});

describe('/reports', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when a plain staff member opens it, then they are sent to /staffs', async () => {
    signInAsOwner({ store_owner_id: '9', owner_id: '9' });
    mockApi({ 'GET /api/getStaffsByUserId/2/1': roleAnswer('staff') });
    renderWithProviders(<ReportsPage />, { path: '/reports' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/staffs'));
  });

  it('when an admin picks two days and runs the report, then the table, the totals and the chart show, and Reset clears them', async () => {
    signInAsOwner({ store_owner_id: '9', owner_id: '9' });
    const api = mockApi({
      'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'),
      [`GET /api/getReportByStoreIdAndRange/1?dates=${D2}%2C${D3}`]: { body: REPORT },
    });
    renderWithProviders(<ReportsPage />, { path: '/reports' });
    fireEvent.click(await screen.findByText('Pick days'));
    const run = screen.getByRole('button', { name: 'Run Reports' });
    expect(run).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: dayLabel(3) }));
    fireEvent.click(screen.getByRole('button', { name: dayLabel(2) }));
    fireEvent.click(run);
    const table = await screen.findByRole('table', { name: 'Report' });
    expect(api.calls.map((c) => c.url)).toContain(`/api/getReportByStoreIdAndRange/1?dates=${D2}%2C${D3}`);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$45.50', '$27.50', '—', '$30.00', '$73.00']);
    expect(within(rows[3]).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['$45.50', '$27.50', '$12.05', '$30.00', '$85.05']);
    expect(screen.getByText('Total store revenue: $85.05')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Chart of 2 days' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('table', { name: 'Report' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Reports' })).toBeDisabled();
  });

  it('when the report has no income, then it says so; when the call fails, then the error shows with a retry', async () => {
    signInAsOwner();
    const owner = { 'GET /api/getStaffsByUserId/2/1': { body: { employees: [] } } };
    const empty: Report = { ...REPORT, rows: [{ date: D2, incomeCents: {}, totalCents: 0 }], totalsCents: {}, totalCents: 0 };
    mockApi({ ...owner, [`GET /api/getReportByStoreIdAndRange/1?dates=${D2}`]: { body: empty } });
    const { unmount } = renderWithProviders(<ReportsPage />, { path: '/reports' });
    fireEvent.click(await screen.findByText('Pick days'));
    fireEvent.click(screen.getByRole('button', { name: dayLabel(2) }));
    fireEvent.click(screen.getByRole('button', { name: 'Run Reports' }));
    expect(await screen.findByText('No income on the chosen days.')).toBeInTheDocument();
    unmount();

    mockApi({ ...owner, [`GET /api/getReportByStoreIdAndRange/1?dates=${D2}`]: { status: 400, body: { message: 'to must not be before from', code: 'validation', field: 'to' } } });
    renderWithProviders(<ReportsPage />, { path: '/reports' });
    fireEvent.click(await screen.findByText('Pick days'));
    fireEvent.click(screen.getByRole('button', { name: dayLabel(2) }));
    fireEvent.click(screen.getByRole('button', { name: 'Run Reports' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('to must not be before from');
  });
});

describe('the report table on a laptop', () => {
  it('when a salon has ten staff members plus Online, Unassigned and Cancelled, then the table needs no more than a 1440 px screen gives it (no sideways scroll)', () => {
    // the page is 1400 px wide at most, less its padding (16 px each side)
    expect(tableMinWidth(13)).toBeLessThanOrEqual(1440 - 2 * 16);
    expect(tableMinWidth(13)).toBeLessThanOrEqual(1400 - 2 * 16);
  });
});
