import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, Suspense, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';

// Mantine's Tooltip brings floating-ui (~20 KB gzip): it is fetched when a pointer or the keyboard first
// reaches a hint, not with the page. Until then the child renders alone; its own label (aria-label) is
// what assistive technology reads either way.
const Tooltip = lazy(() => import(/* webpackChunkName: "tooltip" */ './tooltip-impl'));

interface TriggerProps {
  onPointerEnter?: (e: PointerEvent) => void;
  onPointerLeave?: (e: PointerEvent) => void;
  onFocus?: (e: FocusEvent) => void;
  onBlur?: (e: FocusEvent) => void;
}

export type HintProps = Omit<TooltipProps, 'children'> & { children: ReactElement<TriggerProps> };

/** A tooltip (Mantine's, same props) whose code loads on first hover or focus. */
export function Hint({ children, ...tooltip }: HintProps) {
  const [wanted, setWanted] = useState(false);
  // Still over the child when the code arrives: the tooltip opens at once, as it would have.
  const inside = useRef(false);
  const own = children.props;
  const trigger = cloneElement(children, {
    onPointerEnter: (e: PointerEvent) => {
      own.onPointerEnter?.(e);
      inside.current = true;
      setWanted(true);
    },
    onPointerLeave: (e: PointerEvent) => {
      own.onPointerLeave?.(e);
      inside.current = false;
    },
    onFocus: (e: FocusEvent) => {
      own.onFocus?.(e);
      inside.current = true;
      setWanted(true);
    },
    onBlur: (e: FocusEvent) => {
      own.onBlur?.(e);
      inside.current = false;
    },
  });
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <Tooltip defaultOpened={inside.current} {...tooltip}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
