import { act, renderHook } from '@testing-library/react';
import { useWizard } from './use-wizard';

describe('useWizard', () => {
  it('when pages advance and jump, then back returns to the remembered page and reset starts over', () => {
    const { result } = renderHook(() => useWizard(1));
    act(() => result.current.next());
    expect(result.current.page).toBe(2);
    act(() => result.current.goTo(7));
    expect(result.current.backPage).toBe(2);
    act(() => result.current.back());
    expect(result.current.page).toBe(2);
    act(() => result.current.back());
    expect(result.current.page).toBe(1);
    act(() => result.current.goTo(4));
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ page: 1, isFirst: true, backPage: null });
  });
});
