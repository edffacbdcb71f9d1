import { dayState } from './day-strip';
import { capitalised, initialsOf, staffLabel } from './staff-display';
import { groupTimes } from './time-groups';

const slot = (start: string, startMin: number) => ({ start, startMin, free: true, staffId: 1 });

describe('the storefront’s small rules', () => {
  it('when names are stored lower-case, then customers read them capitalised, with up to two initials for an avatar', () => {
    expect(capitalised('mary ann o\'neil')).toBe("Mary Ann O'Neil");
    expect(staffLabel({ nickname: '', fname: 'lily' })).toBe('Lily');
    expect(staffLabel({ nickname: 'jo-jo', fname: 'joanne' })).toBe('Jo-Jo');
    expect([initialsOf('mary ann lee'), initialsOf('lily')]).toEqual(['MA', 'L']);
  });

  it('when a day’s times are grouped, then before noon is Morning, noon to 5 pm Afternoon, from 5 pm Evening, empty parts left out', () => {
    const groups = groupTimes([slot('10:00 am', 600), slot('11:45 am', 705), slot('12:00 pm', 720), slot('04:45 pm', 1005), slot('05:00 pm', 1020)]);
    expect(groups.map((g) => [g.part, g.slots.map((s) => s.start)])).toEqual([
      ['Morning', ['10:00 am', '11:45 am']],
      ['Afternoon', ['12:00 pm', '04:45 pm']],
      ['Evening', ['05:00 pm']],
    ]);
    expect(groupTimes([slot('02:00 pm', 840)]).map((g) => g.part)).toEqual(['Afternoon']);
  });

  it('when a day of the strip is closed, full or open, then its card says so (nothing before services are chosen)', () => {
    expect(dayState({ date: '2026-12-06', closed: true, free: 0 })).toEqual({ text: 'Closed', open: false });
    expect(dayState({ date: '2026-12-07', closed: false, free: 0 })).toEqual({ text: 'Full', open: false });
    expect(dayState({ date: '2026-12-08', closed: false, free: 1 })).toEqual({ text: '1 time', open: true });
    expect(dayState({ date: '2026-12-08', closed: false, free: 12 })).toEqual({ text: '12 times', open: true });
    expect(dayState({ date: '2026-12-08', closed: false, free: null })).toEqual({ text: '', open: true });
  });
});
