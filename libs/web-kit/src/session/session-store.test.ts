import { getSession, reloadSessionFromStorage, useSession } from './session-store';

describe('session store', () => {
  beforeEach(() => useSession.getState().clearSession());

  it('when values are set, then each is kept in localStorage under its own key as a plain string', () => {
    useSession.getState().setSession({ access_token: 'tok', user_id: '7', store_log_in: 'OFF', user_log_in: 'ON' });
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(localStorage.getItem('store_log_in')).toBe('OFF');
    expect(localStorage.getItem('user_log_in')).toBe('ON');
  });

  it('when the session is cleared (log out), then everything goes except the new_update marker', () => {
    useSession.getState().setSession({ access_token: 'tok', role: 'super admin', store_id: '2', new_update: '2.0.1' });
    useSession.getState().clearSession();
    expect(getSession()).toMatchObject({ access_token: null, role: null, store_id: null, new_update: '2.0.1' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('new_update')).toBe('2.0.1');
  });

  it('when another tab writes localStorage, then reloading picks the values up', () => {
    localStorage.setItem('store_permalink', 'nails-r-us');
    reloadSessionFromStorage();
    expect(useSession.getState().store_permalink).toBe('nails-r-us');
  });

  it("when a value is set to '' or null, then its key is removed", () => {
    useSession.getState().setSession({ staff_id: '5' });
    useSession.getState().setSession({ staff_id: '' });
    expect(localStorage.getItem('staff_id')).toBeNull();
  });

  it('when another tab (or a script) writes the store while this tab changes only the active page, then the store is kept', () => {
    useSession.getState().setSession({ access_token: 't', user_id: '7' });
    localStorage.setItem('store_id', '42');
    localStorage.setItem('store_permalink', 'lotus');
    useSession.getState().setSession({ active_page: '/stores' });
    expect(localStorage.getItem('store_id')).toBe('42');
    expect(localStorage.getItem('store_permalink')).toBe('lotus');
    expect(localStorage.getItem('active_page')).toBe('/stores');
  });
});
