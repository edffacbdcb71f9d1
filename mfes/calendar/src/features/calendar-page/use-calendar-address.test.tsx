import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { addDays } from '../day-grid/grid-model';
import { useCalendarAddress } from './use-calendar-address';

const TODAY = '2031-06-04';

function address(start = '/calendar/lotus') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[start]}>{children}</MemoryRouter>;
  return renderHook(() => useCalendarAddress(TODAY), { wrapper }).result;
}

describe('the calendar address', () => {
  it('when › is clicked three times before the screen has caught up, then the calendar moves three days', () => {
    const result = address();
    act(() => {
      const { step } = result.current; // the handlers of the screen as last drawn
      step(1);
      step(1);
      step(1);
    });
    expect(result.current.date).toBe(addDays(TODAY, 3));
    act(() => result.current.step(-1));
    expect(result.current.date).toBe(addDays(TODAY, 2));
  });

  it('when Today and then ‹ are clicked at once, then the day before today shows, not the day before the old one', () => {
    const result = address(`/calendar/lotus?date=${addDays(TODAY, 5)}`);
    act(() => {
      const { goTo, step } = result.current;
      goTo(TODAY, null);
      step(-1);
    });
    expect(result.current.date).toBe(addDays(TODAY, -1));
  });

  it('when Week and then › are clicked at once, then the next week shows', () => {
    const result = address();
    act(() => {
      const { toggleWeek, step } = result.current;
      toggleWeek();
      step(1);
    });
    expect(result.current).toMatchObject({ view: 'week', date: addDays(TODAY, 7) });
  });

  it('when the browser goes Back after ›, then the next › steps from the day Back showed', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/calendar/lotus']}>{children}</MemoryRouter>;
    const { result } = renderHook(() => ({ ...useCalendarAddress(TODAY), navigate: useNavigate() }), { wrapper });
    act(() => result.current.step(1));
    act(() => void result.current.navigate(-1));
    expect(result.current.date).toBe(TODAY);
    act(() => result.current.step(1));
    expect(result.current.date).toBe(addDays(TODAY, 1));
  });

  it('when today is chosen, then the address carries no date; an appointment opened keeps the day', () => {
    const result = address(`/calendar/lotus?date=${addDays(TODAY, 1)}`);
    act(() => result.current.setOpenId(7));
    expect(result.current).toMatchObject({ date: addDays(TODAY, 1), openId: 7 });
    act(() => result.current.goTo(TODAY, 'day'));
    expect(result.current).toMatchObject({ date: TODAY, view: 'day', openId: 7 });
  });
});
