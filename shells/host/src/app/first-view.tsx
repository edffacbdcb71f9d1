import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FIRST_VIEW_ID } from '../first-view/slot';

/** What the prerender puts in the first view (src/prerender.tsx); nothing in the browser. */
export const FirstViewContent = createContext<ReactNode>(null);

// React neither renders nor compares what is inside: the document's markup, filled by the page's script.
const KEEP = { __html: '' };

/**
 * A prerendered page's first view (booking.html: the store's card, filled before the app runs), first in
 * <main>. It stays as the document has it while the route shows loading states (public.css hides them while
 * it is shown) and is emptied in the same task as the route's own content arrives (the module's card, a not
 * found page, an error), so no frame shows both. Rendered only at the address the document was loaded for.
 */
export function FirstView() {
  const content = useContext(FirstViewContent);
  const { pathname } = useLocation();
  const [loadedAt] = useState(() => (typeof document !== 'undefined' && document.getElementById(FIRST_VIEW_ID) ? pathname : null));
  const shown = loadedAt === pathname;

  // A callback ref (with its cleanup): set up once the slot is in <main>, in the same commit.
  const keep = useCallback((slot: HTMLDivElement | null) => {
    const main = slot?.parentElement;
    if (!slot || !main) return undefined;
    const replaced = () => {
      if (![...main.children].some((c) => c !== slot && !c.matches('[role="status"]'))) return false;
      slot.replaceChildren();
      delete slot.dataset.ready;
      return true;
    };
    if (replaced()) return undefined;
    // A MutationObserver's callback runs right after the task that changed <main>, before the next paint.
    const observer = new MutationObserver(() => replaced() && observer.disconnect());
    observer.observe(main, { childList: true });
    return () => observer.disconnect();
  }, []);

  // data-pending: its script has not settled yet; the app starts after it has (build/static/after-first-paint.js).
  if (content) return <div id={FIRST_VIEW_ID} className="tb-first-view" data-pending="">{content}</div>;
  if (!shown) return null;
  return <div ref={keep} id={FIRST_VIEW_ID} className="tb-first-view" dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
}
