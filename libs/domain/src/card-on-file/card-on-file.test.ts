import { DateTime } from 'luxon';
import { appointmentStartMillis, cardRequired, noShowProblem } from './card-on-file';

const ZONE = 'America/New_York';
const start = DateTime.fromISO('2031-03-09T10:00', { zone: ZONE }).toMillis();
const base = { date: '2031-03-09', start: '10:00 am', zone: ZONE, feeCents: 2500, hasCard: true };

describe('cards on file', () => {
  it.each([
    ['groups', 2, true, false],
    ['groups', 3, false, true],
    ['groups', 1, true, false],
    ['all', 1, true, true],
    ['all', 1, false, false],
  ] as const)('when the policy is %s and %i people book (online: %s), then a card is required: %s', (policy, people, online, expected) => {
    expect(cardRequired(policy, people, online)).toBe(expected);
  });

  it("when an appointment starts at 10:00 am on a day clocks spring forward, then its start is 10:00 in the store's zone", () => {
    expect(appointmentStartMillis('2031-03-09', '10:00 am', ZONE)).toBe(start);
  });

  it.each([
    ['a minute before the start', { now: start - 60_000 }, 'noShowTooEarly'],
    ['at the start', { now: start }, null],
    ['no card', { now: start + 1, hasCard: false }, 'noCardOnFile'],
    ['no fee', { now: start + 1, feeCents: 0 }, 'noShowFeeNotSet'],
  ] as const)('when the fee is asked %s, then the answer is %s', (_what, over, expected) => {
    expect(noShowProblem({ ...base, ...over })).toBe(expected);
  });
});
