import { DateTime } from 'luxon';
import { startWorld, type World } from '../test/world';

let w: World;
let gel: number;

beforeAll(async () => {
  w = await startWorld();
  gel = await w.addGel();
}, 60_000);
afterAll(async () => w?.stop());

const tomorrow = () => DateTime.now().setZone('America/New_York').startOf('day').plus({ days: 1 });

describe("the booking page's strip of days", () => {
  it('when a visitor asks for 14 days at once, then each day counts the free starts the single day answers (closed days none), in one call', async () => {
    const from = tomorrow().toISODate()!;
    const res = await w.as(null).get(`/api/availabilityDays/${w.store.id}/${from}?serviceIds=${gel}&days=14`).expect(200);
    const days = res.body.days as Array<{ date: string; free: number; duration: number }>;
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 14 }, (_, i) => tomorrow().plus({ days: i }).toISODate()));
    for (const d of days) {
      const one = await w.as(null).get(`/api/availability/${w.store.id}/${d.date}?serviceIds=${gel}`).expect(200);
      expect([d.date, d.free, d.duration]).toEqual([d.date, one.body.slots.filter((s: { free: boolean }) => s.free).length, 45]);
    }
    // the world's store opens Mondays and Tuesdays only: two weeks hold four open days with times
    const open = days.filter((d) => [1, 2].includes(DateTime.fromISO(d.date).weekday));
    expect(open.length).toBe(4);
    expect(open.every((d) => d.free > 0)).toBe(true);
    expect(days.filter((d) => ![1, 2].includes(DateTime.fromISO(d.date).weekday)).every((d) => d.free === 0)).toBe(true);
  });

  it('when more than 21 days are asked, then the call is refused naming the field', async () => {
    const res = await w.as(null).get(`/api/availabilityDays/${w.store.id}/${tomorrow().toISODate()}?serviceIds=${gel}&days=60`).expect(400);
    expect(JSON.stringify(res.body)).toMatch(/days/);
  });
});
