import { useSession } from '@turnbook/web-kit';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Keeps the session's `active_page` (the path on screen) up to date on every navigation. */
export function useActivePage(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (useSession.getState().active_page !== pathname) useSession.getState().setSession({ active_page: pathname });
  }, [pathname]);
}
