import { createContext, useContext, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FIRST_VIEW_ID } from '../first-view/slot';

/** What the prerender puts in the first view (src/prerender.tsx); nothing in the browser. */
export const FirstViewContent = createContext<ReactNode>(null);

// React neither renders nor compares what is inside: the document's markup, filled by the page's script.
const KEEP = { __html: '' };

/**
 * A prerendered page's first view (booking.html: the store's card, filled before the app runs), first in
 * <main>, rendered only at the address the document was loaded for. React keeps it as the document has it;
 * its script empties it when the route's own content arrives (first-view/slot.ts giveWayToPage).
 */
export function FirstView() {
  const content = useContext(FirstViewContent);
  const { pathname } = useLocation();
  const [loadedAt] = useState(() => (typeof document !== 'undefined' && document.getElementById(FIRST_VIEW_ID) ? pathname : null));
  const shown = loadedAt === pathname;

  // data-pending: its script has not settled yet; the app starts after it has (build/static/after-first-paint.js).
  if (content) return <div id={FIRST_VIEW_ID} className="tb-first-view" data-pending="">{content}</div>;
  if (!shown) return null;
  return <div id={FIRST_VIEW_ID} className="tb-first-view" dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
}
