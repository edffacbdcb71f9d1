import { useEffect, useRef } from 'react';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'input'] as const;

/** Calls onIdle after `ms` without a touch or a key anywhere on the page, while `active`. */
export function useIdleReset(active: boolean, ms: number, onIdle: () => void): void {
  const callback = useRef(onIdle);
  callback.current = onIdle;
  useEffect(() => {
    if (!active) return undefined;
    let timer = setTimeout(() => callback.current(), ms);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), ms);
    };
    for (const e of ACTIVITY) document.addEventListener(e, restart, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY) document.removeEventListener(e, restart, { capture: true });
    };
  }, [active, ms]);
}

/** Calls onDone once, `ms` after `active` turns true (and not at all if it turns false first). */
export function useResetAfter(active: boolean, ms: number, onDone: () => void): void {
  const callback = useRef(onDone);
  callback.current = onDone;
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => callback.current(), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
}
