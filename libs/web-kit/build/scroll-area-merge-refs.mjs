// What Mantine's ScrollArea takes from @floating-ui/react: useMergeRefs, and nothing else. Imported from the
// package, it brought the whole positioning library (~13 KB gzip) to every page with a ScrollArea (a Table's
// scroll container: /subscription). Popover, Tooltip and Menu still import the real package.
// @floating-ui/react 0.27's useMergeRefs, as published (MIT, Floating UI contributors).
// The refs themselves are the hooks' dependency list, as in the original.
// oxlint-disable react/use-memo, react-hooks/exhaustive-deps
import * as React from 'react';

/** Merges an array of refs into a single memoized callback ref or `null`. */
export function useMergeRefs(refs) {
  const cleanupRef = React.useRef(undefined);
  const refEffect = React.useCallback((instance) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const refCallback = ref;
        const refCleanup = refCallback(instance);
        return typeof refCleanup === 'function' ? refCleanup : () => refCallback(null);
      }
      ref.current = instance;
      return () => {
        ref.current = null;
      };
    });
    return () => cleanups.forEach((refCleanup) => refCleanup?.());
  }, refs);
  return React.useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
  }, refs);
}
