import { splitCustomerAppointments } from './split-appointments';

const at = (date: string, startMin = 600) => ({ date, startMin });

describe("a customer's appointments", () => {
  it('when some are today or later, then they are upcoming, soonest first', () => {
    const { upcoming } = splitCustomerAppointments([at('2026-12-01'), at('2026-11-23', 900), at('2026-11-23', 540), at('2026-11-01')], '2026-11-23');
    expect(upcoming).toEqual([at('2026-11-23', 540), at('2026-11-23', 900), at('2026-12-01')]);
  });
  it('when there are more than 15 past ones, then the latest 15 show, newest first, none older than 72 months', () => {
    const past = Array.from({ length: 20 }, (_, i) => at(`2026-10-${String(i + 1).padStart(2, '0')}`));
    const { past: shown } = splitCustomerAppointments([...past, at('2019-01-01')], '2026-11-23');
    expect(shown).toHaveLength(15);
    expect(shown[0].date).toBe('2026-10-20');
    expect(shown[14].date).toBe('2026-10-06');
    expect(splitCustomerAppointments([at('2020-11-22'), at('2020-11-24')], '2026-11-23').past).toEqual([at('2020-11-24')]);
  });
});
