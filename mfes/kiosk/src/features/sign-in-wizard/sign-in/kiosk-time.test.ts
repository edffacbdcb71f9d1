import { storeNow, walkInStartMinutes, walkInTimes } from './kiosk-time';

describe("the kiosk's clock", () => {
  it("when it is 10:07 pm UTC, then the store's date and minute are those of its own zone", () => {
    const at = new Date('2026-11-24T03:07:00Z');
    expect(storeNow('America/New_York', at)).toEqual({ date: '2026-11-23', minutes: 22 * 60 + 7 });
    expect(storeNow('Asia/Tokyo', at)).toEqual({ date: '2026-11-24', minutes: 12 * 60 + 7 });
  });

  it.each([
    [10 * 60 + 7, 10 * 60],
    [10 * 60 + 8, 10 * 60 + 15],
    [10 * 60 + 52, 10 * 60 + 45],
    [10 * 60 + 53, 11 * 60],
    [23 * 60 + 59, 23 * 60 + 45],
  ])('when a walk-in arrives at minute %i, then the appointment starts at minute %i (nearest 15, inside the day)', (arrived, start) => {
    expect(walkInStartMinutes(arrived)).toBe(start);
  });

  it("when a walk-in arrives at 10:08 am for 45 minutes of services, then the appointment runs 10:15 am to 11:00 am and the arrival stays 10:08 am", () => {
    expect(walkInTimes('America/New_York', 45, new Date('2026-11-23T15:08:00Z'))).toEqual({ date: '2026-11-23', start: '10:15 am', end: '11:00 am', arrived: '10:08 am' });
  });
});
