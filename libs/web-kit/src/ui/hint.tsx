import type { Placement } from '@floating-ui/react';
import {
  cloneElement, lazy, Suspense, useCallback, useId, useState,
  type FocusEvent, type PointerEvent, type ReactElement, type ReactNode, type Ref, type RefCallback,
} from 'react';

// floating-ui (~20 KB gzip) is fetched when a pointer or the keyboard first reaches a hint, not with the page.
// The child itself is never re-created when it arrives: the bubble is a sibling positioned on the child, so
// a click or the keyboard focus that brought it in is never lost.
const FloatingHint = lazy(() => import(/* webpackChunkName: "hint" */ './floating-hint'));

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (e: PointerEvent) => void;
  onPointerLeave?: (e: PointerEvent) => void;
  onFocus?: (e: FocusEvent) => void;
  onBlur?: (e: FocusEvent) => void;
  'aria-describedby'?: string;
}

export interface HintProps {
  label: ReactNode;
  position?: Placement;
  children: ReactElement<TriggerProps>;
}

function assign<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref && typeof ref === 'object') (ref as { current: T | null }).current = value;
}

/** A tooltip on hover or keyboard focus; the child keeps its own accessible name (aria-label). */
export function Hint({ label, position, children }: HintProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  const own = children.props;
  const ref: RefCallback<HTMLElement> = useCallback((el) => {
    assign(own.ref, el);
    setAnchor(el);
  }, [own.ref]);
  const trigger = cloneElement(children, {
    ref,
    'aria-describedby': open ? id : own['aria-describedby'],
    onPointerEnter: (e: PointerEvent) => {
      own.onPointerEnter?.(e);
      setOpen(true);
    },
    onPointerLeave: (e: PointerEvent) => {
      own.onPointerLeave?.(e);
      setOpen(false);
    },
    onFocus: (e: FocusEvent) => {
      own.onFocus?.(e);
      setOpen(true);
    },
    onBlur: (e: FocusEvent) => {
      own.onBlur?.(e);
      setOpen(false);
    },
  });
  return (
    <>
      {trigger}
      {open && anchor && (
        <Suspense fallback={null}>
          <FloatingHint anchor={anchor} label={label} position={position} id={id} />
        </Suspense>
      )}
    </>
  );
}
