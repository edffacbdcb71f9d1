import { storeNow, walkInTimes } from './kiosk-time';

const NEW_YORK = 'America/New_York';
/** 2026-11-23 (Eastern Standard Time, UTC-5) at a wall-clock minute of the day. */
const mondayAt = (minute: number) => new Date(Date.parse('2026-11-23T05:00:00Z') + minute * 60_000);

describe("the kiosk's clock", () => {
  it("when it is 10:07 pm UTC, then the store's date and minute are those of its own zone", () => {
    const at = new Date('2026-11-24T03:07:00Z');
    expect(storeNow(NEW_YORK, at)).toEqual({ date: '2026-11-23', minutes: 22 * 60 + 7 });
    expect(storeNow('Asia/Tokyo', at)).toEqual({ date: '2026-11-24', minutes: 12 * 60 + 7 });
  });

  it.each([
    ['10:07 am', 10 * 60 + 7, '10:00 am'],
    ['10:08 am', 10 * 60 + 8, '10:15 am'],
    ['10:52 am', 10 * 60 + 52, '10:45 am'],
    ['10:53 am', 10 * 60 + 53, '11:00 am'],
    ['11:59 pm', 23 * 60 + 59, '11:45 pm'],
  ])('when a walk-in arrives at %s, then the appointment starts at %s (nearest 15 minutes, inside the day)', (_, minute, start) => {
    expect(walkInTimes(NEW_YORK, 30, mondayAt(Number(minute))).start).toBe(start);
  });

  it('when a walk-in arrives at 10:08 am for 45 minutes of services, then the appointment runs 10:15 am to 11:00 am and the arrival stays 10:08 am', () => {
    expect(walkInTimes(NEW_YORK, 45, new Date('2026-11-23T15:08:00Z'))).toEqual({ date: '2026-11-23', start: '10:15 am', end: '11:00 am', arrived: '10:08 am' });
  });

  it('when a walk-in arrives at 11:50 pm for an hour of services, then the appointment ends at 11:59 pm on its own day', () => {
    expect(walkInTimes(NEW_YORK, 60, mondayAt(23 * 60 + 50))).toEqual({ date: '2026-11-23', start: '11:45 pm', end: '11:59 pm', arrived: '11:50 pm' });
  });

  it('when a walk-in arrives at 1:58 am on a spring-forward night, then the appointment starts at 3:00 am (2:00 am never comes), not at 2:00 am', () => {
    expect(walkInTimes(NEW_YORK, 30, new Date('2027-03-14T06:58:00Z'))).toEqual({ date: '2027-03-14', start: '03:00 am', end: '03:30 am', arrived: '01:58 am' });
  });

  it('when a walk-in starts at 1:45 am on a spring-forward night for 30 minutes, then it ends at 3:15 am on the clock (real time), not at a 2:15 am that never comes', () => {
    expect(walkInTimes(NEW_YORK, 30, new Date('2027-03-14T06:44:00Z'))).toEqual({ date: '2027-03-14', start: '01:45 am', end: '03:15 am', arrived: '01:44 am' });
  });

  it('when a walk-in starts at 1:45 am in the first of a fall-back night\'s two 1 am hours, then it ends at 2:15 am on paper (the clock would read 1:15 am, before the start)', () => {
    expect(walkInTimes(NEW_YORK, 30, new Date('2027-11-07T05:44:00Z'))).toEqual({ date: '2027-11-07', start: '01:45 am', end: '02:15 am', arrived: '01:44 am' });
  });
});
