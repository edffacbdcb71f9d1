// Shared jsdom setup for web-kit, the shell and the MFEs (jest setupFilesAfterEach).
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router needs these; jsdom does not provide them.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// Mantine reads these browser APIs that jsdom lacks.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  // jsdom's own logs "Not implemented: window.scrollTo" with a stack for every page that opens at the top.
  window.scrollTo = () => {};
  const style = window.getComputedStyle;
  window.getComputedStyle = (el: Element) => style(el);
}

afterEach(() => {
  window.localStorage.clear();
});

// A findBy / waitFor waits up to 5 s, not 1 s: in the whole run two cores serve every suite at once, and a
// screen's answer after a click took 1-4 s there (a passing test is no slower for it).
configure({ asyncUtilTimeout: 5_000 });

// Pages load the dialogs provider on first use (web-kit/ui dialogs-outlet). Requiring its code here, before
// the tests' clocks start, keeps that first download (a slow transform under jest) out of every findBy
// timeout; whether a page loads it at all is unchanged.
beforeAll(async () => {
  await import('@mantine/modals');
  await import('../src/ui/dialogs-outlet');
});
