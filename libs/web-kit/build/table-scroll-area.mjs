// What Mantine's Table.ScrollContainer draws with: its ScrollArea, loaded when a table is drawn in one (the
// admin's lists) instead of with every page that draws a Table (Table imports ScrollContainer: ~6.7 KB gzip on
// /subscription, which draws none). Until it arrives, the same box scrolls natively.
import { createElement, forwardRef, lazy, Suspense } from 'react';

// '@turnbook/mantine-scroll-area' is Mantine's ScrollArea file (create-mfe-config.mjs).
const LoadedScrollArea = lazy(() => import('@turnbook/mantine-scroll-area').then((m) => ({ default: m.ScrollArea })));

/** ScrollArea's own props, which a plain box does not take. */
const SCROLL_AREA_ONLY = new Set([
  'scrollbarSize', 'type', 'scrollHideDelay', 'scrollbars', 'offsetScrollbars', 'viewportRef', 'viewportProps', 'onScrollPositionChange',
  'onBottomReached', 'onTopReached', 'onLeftReached', 'onRightReached', 'overscrollBehavior', 'startScrollPosition', 'verticalScrollbarPosition',
]);

export const ScrollArea = forwardRef(function TableScrollArea(props, ref) {
  const box = Object.fromEntries(Object.entries(props).filter(([k]) => !SCROLL_AREA_ONLY.has(k)));
  const fallback = createElement('div', { ...box, ref, style: { ...box.style, overflow: 'auto' } });
  return createElement(Suspense, { fallback }, createElement(LoadedScrollArea, { ...props, ref }));
});
