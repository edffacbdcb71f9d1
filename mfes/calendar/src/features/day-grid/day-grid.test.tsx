import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { DayGrid, SLOT_PX, type GridColumn, type MoveRequest } from './day-grid';
import { wallGapOn } from './wall-gap';

// jsdom lays nothing out: each column body, card and lifted copy gets the box the grid's CSS would give it, so dnd-kit
// can tell which column a lifted card is over.
const COLUMN_PX = 150;
beforeAll(() => {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const col = this.closest('[data-col-body]') as HTMLElement | null;
    const index = col ? Number(col.style.gridColumn) - 2 : 0;
    const left = 72 + index * COLUMN_PX;
    if (this.dataset.colBody) return DOMRect.fromRect({ x: left, y: 0, width: COLUMN_PX, height: 40 * SLOT_PX });
    // the lifted copy (DragOverlay) is placed by dnd-kit itself, fixed over the card
    if (this.style.position === 'fixed') return DOMRect.fromRect({ x: parseFloat(this.style.left), y: parseFloat(this.style.top), width: parseFloat(this.style.width), height: parseFloat(this.style.height) });
    if (this.dataset.appointment) return DOMRect.fromRect({ x: left, y: parseFloat(this.style.top), width: COLUMN_PX, height: parseFloat(this.style.height) });
    return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
  });
});
afterAll(() => jest.restoreAllMocks());

const appt = (over: Partial<AppointmentView>): AppointmentView => ({
  id: 1, storeId: 1, staffId: 10000, customerId: 5, serviceIds: '1', services: [{ id: 1, name: 'Gel', price: 25, duration: 75 }],
  date: '2031-06-02', start: '03:00 pm', end: '04:15 pm', startMin: 900, endMin: 975, note: '', status: 'ON', createdBy: 2, modifiedBy: 2,
  sale: 0, userFname: null, nickname: null, customerFname: 'ann', customerLname: 'lee', customerPhone: '', customerEmail: '', customerStatus: '', sheetId: null,
  created_at: '', updated_at: '', ...over,
});
const column = (staffId: number, items: AppointmentView[]): GridColumn => ({ key: String(staffId), title: `s${staffId}`, date: '2031-06-02', staffId, items, bookable: true, droppable: true });

/** Lifts the card with the keyboard, moves it `down` slots, and leaves it lifted. */
async function lift(down: number) {
  const card = screen.getByRole('button', { name: /Ann Lee/ });
  card.focus();
  await act(async () => void fireEvent.keyDown(card, { code: 'Space', key: ' ' }));
  await act(() => new Promise((r) => setTimeout(r, 50)));
  for (let i = 0; i < down; i++) await act(async () => void fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' }));
  await act(() => new Promise((r) => setTimeout(r, 50)));
  return card;
}

describe('dragging an appointment on the day grid', () => {
  const open = { open: 600, close: 1080 }; // 10:00 am - 6:00 pm
  const range = { open: 600, close: 1080 };

  it('when a card is lifted and moved, then the grid shows where it will land and its new time before the drop', async () => {
    const moves: MoveRequest[] = [];
    render(<DayGrid label="day" columns={[column(10000, [appt({})])]} range={range} open={open} canDrag={() => true} onMove={(m) => moves.push(m)} />);
    await lift(4);
    expect(screen.getByTestId('landing')).toHaveTextContent('04:00 pm - 05:15 pm');
    expect(screen.getByTestId('landing')).not.toHaveAttribute('data-outside');
    await act(async () => void fireEvent.keyDown(document, { code: 'Space', key: ' ' }));
    expect(screen.queryByTestId('landing')).toBeNull();
    expect(moves.map((m) => [m.staffId, m.startMin])).toEqual([[10000, 960]]);
  });

  it("when a 75-minute card is moved to 5:00 pm in a store closing at 6:00, then the landing says it is outside the store's hours", async () => {
    render(<DayGrid label="day" columns={[column(10000, [appt({})])]} range={range} open={open} canDrag={() => true} onMove={() => {}} />);
    await lift(8);
    const mark = screen.getByTestId('landing');
    expect(mark).toHaveTextContent("05:00 pm - 06:15 pm");
    expect(mark).toHaveTextContent("Outside the store's hours");
    expect(mark).toHaveAttribute('data-outside', 'true');
  });

  it('when a card is pressed, dragged two slots down and let go before the drag has loaded, then it moves there and the click that ends the drag opens nothing', async () => {
    const moves: MoveRequest[] = [];
    const opened: number[] = [];
    render(<DayGrid label="day" columns={[column(10000, [appt({})])]} range={range} open={open} canDrag={() => true} onMove={(m) => moves.push(m)} onAppointmentClick={(a) => opened.push(a.id)} />);
    const card = screen.getByRole('button', { name: /Ann Lee/ });
    // the whole gesture, as a browser sends it, before dnd-kit is there
    fireEvent.mouseDown(card, { clientX: 100, clientY: 100, button: 0 });
    for (let dy = 8; dy <= 48; dy += 8) fireEvent.mouseMove(document, { clientX: 100, clientY: 100 + dy });
    fireEvent.mouseUp(document, { clientX: 100, clientY: 148 });
    fireEvent.click(card);
    await waitFor(() => expect(moves.map((m) => [m.staffId, m.startMin])).toEqual([[10000, 930]]));
    expect(opened).toEqual([]);
    // the hand-over lets go of the page's clicks 50 ms after the drop: wait, or a later test's clicks are swallowed
    await act(() => new Promise((r) => setTimeout(r, 100)));
  });

  it('when an outlier widened the day to 3 am, then the grid opens scrolled to the opening, with the early rows above', () => {
    render(<DayGrid label="day" columns={[column(10000, [appt({ start: '03:00 am', end: '03:30 am', startMin: 180, endMin: 210 })])]} range={{ open: 180, close: 1080 }} open={open} firstMinute={600} onMove={() => {}} />);
    expect(screen.getByRole('region', { name: 'day' }).scrollTop).toBe(((600 - 180) / 15) * SLOT_PX);
  });
});

// What a card shows (no drag): a 30-minute manicure on another day.
const viewOf = (over: Partial<AppointmentView>): AppointmentView => ({
  id: 1, storeId: 1, staffId: 10000, customerId: 5, serviceIds: '1', services: [{ id: 1, name: 'Manicure', price: 25, duration: 30 }],
  date: '2031-01-06', start: '11:00 am', end: '11:30 am', startMin: 660, endMin: 690, note: '', status: 'ON', createdBy: 2, modifiedBy: 2,
  sale: null, userFname: 'mai', nickname: null, customerFname: 'ann', customerLname: 'lee', customerPhone: '', customerEmail: '', customerStatus: '', sheetId: null,
  created_at: '', updated_at: '', ...over,
});
const columnOf = (staffId: number, items: AppointmentView[]): GridColumn => ({ key: String(staffId), title: `staff ${staffId}`, date: '2031-01-06', staffId, items, bookable: false, droppable: false });
const card = (id: number) => document.querySelector<HTMLElement>(`[data-appointment="${id}"]`)!;

describe('the day grid', () => {
  it("when a limited staff member's day has a colleague's appointment (the page gives them no click and no drag), then it is drawn with its customer and services, as a card that does not open", () => {
    const colleague = viewOf({ id: 2, staffId: 10001, customerFname: 'bo', customerLname: 'tran', services: [{ id: 1, name: 'Gel Manicure', price: 35, duration: 75 }], start: '01:00 pm', end: '02:15 pm', startMin: 780, endMin: 855 });
    render(<DayGrid label="Monday" columns={[columnOf(10000, [viewOf({ id: 1 })]), columnOf(10001, [colleague])]} range={{ open: 600, close: 1080 }} canDrag={() => false} />);
    expect(card(2)).toHaveTextContent('Bo Tran, Gel Manicure, 1:00–2:15 pm');
    expect(card(2)).toHaveAttribute('data-tone', 'plain');
    expect(card(2).style.height).toBe(`${5 * 24 - 2}px`);
    // nothing to open or drag: plain blocks, no buttons
    expect(card(1).tagName).toBe('DIV');
    expect(card(2).tagName).toBe('DIV');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('when a staff member sees the sale of their own checked-out appointment, then its card shows the amount in green', () => {
    render(<DayGrid label="Monday" columns={[columnOf(10000, [viewOf({ id: 3, sale: 48 }), viewOf({ id: 4, start: '03:00 pm', end: '03:30 pm', startMin: 900, endMin: 930 })])]} range={{ open: 600, close: 1080 }} />);
    expect(card(3)).toHaveTextContent('$48.00');
    expect(card(3)).toHaveAttribute('data-tone', 'sale');
    expect(card(4)).not.toHaveTextContent('$');
  });
});

describe('the day grid on a front-desk tablet (issue 31)', () => {
  const range = { open: 540, close: 1140 }; // 9:00 am - 7:00 pm
  afterEach(() => jest.useRealTimers());

  it('when a 30-minute appointment is drawn, then its compact card shows customer, service and the whole time, and says everything in its label for the tap', () => {
    render(<DayGrid label="Monday" columns={[columnOf(10000, [viewOf({ id: 5, start: '10:30 am', end: '11:00 am', startMin: 630, endMin: 660 })])]} range={range} onAppointmentClick={() => {}} />);
    const lines = [...card(5).children].map((c) => [c.className, c.textContent]);
    expect(lines).toEqual([['tb-card-title', 'Ann Lee'], ['tb-card-line', ', Manicure'], ['tb-card-time', ', 10:30–11:00\u00a0am']]);
    // its name is what it shows (with spoken separators); the tooltip has the time in full
    expect(screen.getByRole('button', { name: /^Ann Lee ?, Manicure ?, 10:30–11:00 am$/ })).toBe(card(5));
    expect(card(5)).toHaveAttribute('title', 'Ann Lee, Manicure, 10:30 am - 11:00 am');
    expect(card(5).style.height).toBe(`${2 * SLOT_PX - 2}px`);
  });

  it('when the day has a kiosk walk-in, an online request and a cancelled appointment, then each has its own tone', () => {
    const walkIn = viewOf({ id: 6, staffId: 8888, status: 'PENDING', note: 'Walk in', createdBy: 0, sheetId: 12 });
    const request = viewOf({ id: 7, staffId: 8888, status: 'PENDING', startMin: 720, endMin: 750 });
    const cancelled = viewOf({ id: 8, staffId: 1111, status: 'CANCEL' });
    render(<DayGrid label="Monday" columns={[{ ...columnOf(8888, [walkIn, request]), special: true }, { ...columnOf(1111, [cancelled]), special: true }]} range={range} onAppointmentClick={() => {}} />);
    expect(card(6)).toHaveAttribute('data-tone', 'walk-in');
    expect(card(7)).toHaveAttribute('data-tone', 'request');
    expect(card(8)).toHaveAttribute('data-tone', 'cancelled');
    expect(screen.getByRole('button', { name: /Walk-in$/ })).toBe(card(6));
    expect(screen.getByRole('button', { name: /Cancelled$/ })).toBe(card(8));
  });

  it("when today is shown at 2:40 pm in the store's zone, then a line marks now at its place and the grid opens scrolled to an hour before it", () => {
    jest.useFakeTimers({ now: new Date('2031-01-06T19:40:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] }); // 2:40 pm in New York
    render(<DayGrid label="Monday" columns={[columnOf(10000, [])]} range={range} firstMinute={13 * 60 + 30} nowZone="America/New_York" />);
    const line = screen.getByTestId('now-line');
    expect(line).toHaveAttribute('data-minute', String(14 * 60 + 40));
    expect(line.style.top).toBe(`${((14 * 60 + 40 - 540) / 15) * SLOT_PX}px`);
    expect(line).toHaveTextContent('2:40 pm');
    expect(screen.getByRole('region', { name: 'Monday' }).scrollTop).toBe(((13 * 60 + 30 - 540) / 15) * SLOT_PX);
    // a minute later the line follows the clock
    act(() => void jest.advanceTimersByTime(60_000));
    expect(screen.getByTestId('now-line')).toHaveAttribute('data-minute', String(14 * 60 + 41));
  });

  it("when it is 3:56 pm, then the time column leaves out 4:00 pm, which the time beside the line would half cover, and shows it again at 4:14", () => {
    jest.useFakeTimers({ now: new Date('2031-01-06T20:56:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] }); // 3:56 pm in New York
    render(<DayGrid label="Monday" columns={[columnOf(10000, [])]} range={range} nowZone="America/New_York" />);
    const labels = () => [...document.querySelectorAll('.tb-grid-time')].map((l) => l.textContent);
    expect(screen.getByTestId('now-line')).toHaveTextContent('3:56 pm');
    expect(labels()).toEqual(expect.arrayContaining(['3:30 pm', '4:30 pm']));
    expect(labels().some((l) => l?.startsWith('4:00'))).toBe(false);
    act(() => void jest.advanceTimersByTime(18 * 60_000));
    expect(labels()).toEqual(expect.arrayContaining(['4:00 pm', '4:30 pm']));
  });

  it('when another day is shown, then there is no line for now, and a refetch does not scroll the grid back after the user scrolled', () => {
    const { rerender } = render(<DayGrid label="Monday" columns={[columnOf(10000, [])]} range={range} firstMinute={600} />);
    const region = screen.getByRole('region', { name: 'Monday' });
    expect(screen.queryByTestId('now-line')).toBeNull();
    expect(region.scrollTop).toBe(((600 - 540) / 15) * SLOT_PX);
    region.scrollTop = 500;
    rerender(<DayGrid label="Monday" columns={[columnOf(10000, [viewOf({ id: 9 })])]} range={range} firstMinute={600} />);
    expect(region.scrollTop).toBe(500);
  });

  it('when the grid has 3 staff, then its columns share the width: none has a fixed width', () => {
    render(<DayGrid label="Monday" columns={[columnOf(1, []), columnOf(2, []), columnOf(3, []), { ...columnOf(8888, []), special: true }]} range={range} />);
    const template = document.querySelector<HTMLElement>('.tb-grid')!.style.gridTemplateColumns;
    expect(template).toBe('var(--tb-time-col) minmax(6.25rem, 1fr) minmax(6.25rem, 1fr) minmax(6.25rem, 1fr) minmax(5.5rem, 1fr)');
  });
});

describe("the day grid on New York's spring-forward date (2030-03-10: 1:59 am, then 3:00 am), open round the clock", () => {
  const DATE = '2030-03-10';
  const spring = { open: 0, close: 1440, gap: wallGapOn('America/New_York', DATE) };
  const at = (startMin: number, endMin: number, over: Partial<AppointmentView> = {}) => appt({ date: DATE, startMin, endMin, start: fmt(startMin), end: fmt(endMin), ...over });
  const fmt = (m: number) => `${String(Math.floor(m / 60) % 12 || 12).padStart(2, '0')}:${String(m % 60).padStart(2, '0')} ${m < 720 ? 'am' : 'pm'}`;
  const springColumn = (items: AppointmentView[]): GridColumn => ({ ...column(10000, items), date: DATE });
  afterEach(() => jest.useRealTimers());

  it('when the day is drawn, then it has no 2:00-2:45 am rows, labels or bookable slots: 1:45 am is followed by 3:00 am', () => {
    const booked: number[] = [];
    render(<DayGrid label="Sunday" columns={[springColumn([])]} range={spring} open={{ open: 0, close: 1440 }} onSlotClick={(_, m) => booked.push(m)} />);
    expect(document.querySelector<HTMLElement>('.tb-grid')!.style.getPropertyValue('--tb-slots')).toBe('92');
    const labels = [...document.querySelectorAll<HTMLElement>('.tb-grid-time')];
    expect(labels.slice(0, 6).map((l) => l.textContent)).toEqual(['12:00 am', '12:30 am', '1:00 am', '1:30 am', '3:00 am', '3:30 am']);
    expect(labels[4].style.gridRow).toBe('10 / span 2');
    const body = document.querySelector<HTMLElement>('[data-col-body]')!;
    for (let row = 0; row < 92; row++) fireEvent.click(body, { clientY: row * SLOT_PX + 5 });
    expect(booked.filter((m) => m >= 120 && m < 180)).toEqual([]);
    expect(booked.slice(6, 10)).toEqual([90, 105, 180, 195]);
    expect(booked.at(-1)).toBe(1425);
  });

  it('when appointments sit around the gap, then a 1:30-3:15 am card is three rows tall and a 3:00 am card sits on the ninth row', () => {
    render(<DayGrid label="Sunday" columns={[springColumn([at(90, 195, { id: 1 }), at(180, 210, { id: 2, staffId: 10001 })])]} range={spring} />);
    expect([card(1).style.top, card(1).style.height]).toEqual([`${6 * SLOT_PX + 1}px`, `${3 * SLOT_PX - 2}px`]);
    expect(card(2).style.top).toBe(`${8 * SLOT_PX + 1}px`);
  });

  it("when it is 3:10 am in the store's zone, then the line for now sits a third of the way into the 3:00 am row, right under 1:45 am's", () => {
    jest.useFakeTimers({ now: new Date('2030-03-10T07:10:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] });
    render(<DayGrid label="Sunday" columns={[springColumn([])]} range={spring} nowZone="America/New_York" />);
    const line = screen.getByTestId('now-line');
    expect(line).toHaveAttribute('data-minute', '190');
    expect(line.style.top).toBe(`${(8 + 10 / 15) * SLOT_PX}px`);
  });

  it('when a 1:30 am card is dragged one row and then two, then it lands at 1:45 am ending 3:15 am, then at 3:00 am, never at 2 am', async () => {
    const moves: MoveRequest[] = [];
    render(<DayGrid label="Sunday" columns={[springColumn([at(90, 120)])]} range={spring} open={{ open: 0, close: 1440 }} canDrag={() => true} onMove={(m) => moves.push(m)} />);
    await lift(1);
    expect(screen.getByTestId('landing')).toHaveTextContent('01:45 am - 03:15 am');
    await act(async () => void fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByTestId('landing')).toHaveTextContent('03:00 am - 03:30 am');
    expect(screen.getByTestId('landing').style.top).toBe(`${8 * SLOT_PX}px`);
    await act(async () => void fireEvent.keyDown(document, { code: 'Space', key: ' ' }));
    expect(moves.map((m) => [m.staffId, m.startMin])).toEqual([[10000, 180]]);
  });
});
