// The demo salon's week around the day the seed runs (store time zone): three days back, today and three
// days ahead, planned as a real front desk would see it. Pure: the same day and the same store give the
// same plan, so a re-run finds what it planned before (deploy/local/seed/seed-week.mjs writes it).

export const WEEK_BACK = 3;
export const WEEK_AHEAD = 3;
const STEP = 15;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** '10:00 am-7:00 pm' -> [600, 1140]; null when closed. */
export function openMinutes(range) {
  if (!range || /closed/i.test(range)) return null;
  const [from, to] = range.split('-').map(toMinutes);
  return from === null || to === null || to <= from ? null : [from, to];
}

export function toMinutes(t) {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s*$/i.exec(t ?? '');
  if (!m) return null;
  const h = Number(m[1]) % 12 + (m[3].toLowerCase() === 'pm' ? 12 : 0);
  return h * 60 + Number(m[2]);
}

export const time12 = (min) => {
  const h = Math.floor(min / 60) % 24;
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};

/** A small seeded generator (mulberry32), one per date: the plan does not change when re-run that day. */
function randomFor(seedText) {
  let a = 0;
  for (const ch of seedText) a = (Math.imul(a ^ ch.charCodeAt(0), 2654435761) + 1) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const roundUp = (min) => Math.ceil(min / STEP) * STEP;

/**
 * @param {{
 *   now: DateTime,                      // in the store's zone
 *   hours: Record<string, string>,      // mon..sun: '10:00 am-7:00 pm' or 'closed-closed'
 *   staff: Array<{ id: number, dayOff?: string, role?: string, archived?: boolean }>,
 *   services: Array<{ id: number, name: string, duration: number, price: number, type?: string }>,
 *   customers: Array<{ id: number, fname: string, lname: string, phone?: string, email?: string, status?: string }>,
 *   daysOff?: Array<{ staffId: number, date: string }>,   // day-off records already planned elsewhere (whole days)
 * }} o
 * @returns {Array<{ date: string, when: 'past' | 'today' | 'ahead', open: [number, number], bookings: Booking[] }>}
 *
 * Booking: { kind: 'staff' | 'online' | 'dayOff', staffId, customerId, serviceIds, services, startMin, endMin,
 *   note, outcome: 'ON' | 'CANCEL' | 'PENDING' | 'APPROVED', sale (dollars, checked out) , group?: string }
 * 'online' with staffId 8888 is a request for anyone.
 */
export function planDemoWeek({ now, hours, staff, services, customers, daysOff = [] }) {
  const working = staff.filter((s) => !s.archived && s.role !== 'TBD');
  const menu = services.filter((s) => s.type !== 'INTERNAL' && s.type !== 'EXTERNAL' && s.duration > 0);
  const addOns = menu.filter((s) => s.duration <= 15);
  const mains = menu.filter((s) => s.duration > 15);
  const regulars = customers.filter((c) => !/banned/i.test(c.status ?? ''));
  if (!working.length || !mains.length || !regulars.length) return [];
  const nowMin = now.hour * 60 + now.minute;
  const days = [];
  for (let d = -WEEK_BACK; d <= WEEK_AHEAD; d++) {
    const day = now.startOf('day').plus({ days: d });
    const date = day.toISODate();
    const open = openMinutes(hours[WEEKDAYS[day.weekday - 1]]);
    if (!open) continue;
    const when = d < 0 ? 'past' : d === 0 ? 'today' : 'ahead';
    const rnd = randomFor(`lotus ${date}`);
    const pick = (list) => list[Math.floor(rnd() * list.length)];
    const bookings = [];
    // How full the book is: the past was busy; the days ahead fill as they come closer.
    const fill = when === 'past' ? 0.8 : when === 'today' ? 0.7 : [0.55, 0.45, 0.35][d - 1];
    const on = working.filter((s) => !(s.dayOff ?? '').split(' ').includes(WEEKDAYS[day.weekday - 1])
      && !daysOff.some((o) => o.staffId === s.id && o.date === date));
    // Free time per staff member (minutes from open), so nothing of one staff member overlaps.
    const busy = new Map(on.map((s) => [s.id, []]));
    const isFree = (id, from, to) => from >= open[0] && to <= open[1] && busy.get(id).every(([a, b]) => b <= from || a >= to);
    const hold = (id, from, to) => busy.get(id).push([from, to]);
    const customer = () => pick(regulars);
    const basket = () => {
      const chosen = [pick(mains)];
      if (rnd() < 0.3 && addOns.length) chosen.push(pick(addOns));
      return chosen;
    };
    const lengthOf = (list) => roundUp(list.reduce((n, s) => n + s.duration, 0));
    const entry = (kind, staffId, list, from, extra = {}) => {
      const c = extra.customer ?? customer();
      const length = lengthOf(list);
      return {
        kind, staffId, customerId: c.id, customer: c, serviceIds: list.map((s) => s.id).join(','), services: list,
        startMin: from, endMin: from + length, note: '', outcome: 'ON', sale: 0, ...extra,
      };
    };

    // A partial day off today (an appointment at the doctor's) and one in the past week.
    if ((when === 'today' || d === -2) && on.length > 2) {
      const s = on[on.length - 1];
      const from = Math.max(open[0], 14 * 60);
      const to = Math.min(open[1], from + 120);
      if (to > from) {
        hold(s.id, from, to);
        bookings.push({ kind: 'dayOff', staffId: s.id, customerId: 0, serviceIds: '0', services: [], startMin: from, endMin: to, note: 'OFF', outcome: 'ON', sale: 0 });
      }
    }

    // A group (a bridal party, friends): one appointment per person, same time, side by side.
    if (d === -1 || d === 0 || d === 2) {
      const size = Math.min(on.length, d === 2 ? 4 : 3);
      const from = roundUp(open[0] + (d === 0 ? 5 : 2) * 60);
      const list = [pick(mains)];
      const to = from + lengthOf(list);
      const free = on.filter((s) => isFree(s.id, from, to)).slice(0, size);
      if (free.length >= 2) {
        const lead = customer();
        for (const [k, s] of free.entries()) {
          hold(s.id, from, to);
          bookings.push(entry('staff', s.id, list, from, { customer: k === 0 ? lead : customer(), note: `group size: ${free.length}`, group: `${date}-group` }));
        }
      }
    }

    // Online requests: some still waiting (PENDING), some approved, one for anyone; only ahead of now.
    if (when !== 'past') {
      const wanted = when === 'today' ? [['PENDING', 'named']] : [['PENDING', 'named'], ['APPROVED', 'named'], ['PENDING', 'anyone'], ['APPROVED', 'anyone']].slice(0, d === 1 ? 4 : 2);
      for (const [outcome, who] of wanted) {
        const list = [pick(mains)];
        const length = lengthOf(list);
        const earliest = when === 'today' ? roundUp(nowMin + 60) : open[0];
        const times = [];
        for (let t = roundUp(earliest); t + length <= open[1]; t += STEP) times.push(t);
        const shuffled = times.sort(() => rnd() - 0.5);
        let placed = false;
        for (const t of shuffled) {
          const s = on.find((x) => isFree(x.id, t, t + length) && (who === 'anyone' || rnd() < 0.6));
          if (!s) continue;
          // 'anyone' leaves the staff member to the server, which names the least booked free one: keep the
          // time free for everybody who works that day, so whoever it names stays free of our bookings.
          if (who === 'anyone' && !on.every((x) => isFree(x.id, t, t + length))) continue;
          if (who === 'anyone') for (const x of on) hold(x.id, t, t + length);
          else hold(s.id, t, t + length);
          bookings.push(entry('online', who === 'anyone' ? 8888 : s.id, list, t, { outcome }));
          placed = true;
          break;
        }
        if (!placed) continue;
      }
    }

    // The rest of the book, staff member by staff member.
    for (const s of on) {
      let t = open[0];
      while (t < open[1]) {
        if (rnd() > fill) {
          t += STEP * (1 + Math.floor(rnd() * 3));
          continue;
        }
        const list = basket();
        const to = t + lengthOf(list);
        if (!isFree(s.id, t, to)) {
          t += STEP;
          continue;
        }
        hold(s.id, t, to);
        bookings.push(entry('staff', s.id, list, t));
        t = to;
      }
    }

    // What became of them: in the past (and earlier today) most were checked out, a few cancelled, a rare
    // no-show left as booked; ahead, a few cancellations.
    for (const b of bookings) {
      if (b.kind !== 'staff' || b.group) continue;
      const r = rnd();
      const over = when === 'past' || (when === 'today' && b.endMin <= nowMin);
      if (over) {
        if (r < 0.08) b.outcome = 'CANCEL';
        else if (r < 0.11) b.outcome = 'ON';
        else b.sale = checkout(b.services, rnd);
      } else if (r < 0.05) b.outcome = 'CANCEL';
    }
    for (const b of bookings) if (b.group && (when === 'past' || (when === 'today' && b.endMin <= nowMin))) b.sale = checkout(b.services, rnd);
    // An online request from the past week was approved and came in.
    if (when === 'past') {
      const b = bookings.find((x) => x.kind === 'staff' && x.outcome === 'ON' && x.sale > 0 && !x.group);
      if (b) Object.assign(b, { kind: 'online', outcome: 'APPROVED' });
    }
    bookings.sort((a, b) => a.startMin - b.startMin || a.staffId - b.staffId);
    days.push({ date, when, open, bookings });
  }
  return days;
}

/** A check-out: the services' prices, now and then a tip rounded in, in whole dollars as the desk rings it. */
function checkout(list, rnd) {
  const base = list.reduce((n, s) => n + Number(s.price ?? 0), 0);
  return Math.round(base + (rnd() < 0.4 ? base * 0.2 : 0));
}
