import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A result page ('Updated!', 'Deleted!', 'Congrats!!!') replaces a long form on the same route: the window
 * keeps the form's scroll and the owner sees a blank screen. Scroll to the top when it appears.
 */
export function useScrollToTop(): void {
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, []);
}

/**
 * The router's half (BrowserRouter has no scroll restoration): a new page opens at the top (after creating a
 * store, /stores opened at the form's scroll). A change of the search or hash alone keeps the scroll.
 */
export function useScrollToTopOnNavigate(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
}
