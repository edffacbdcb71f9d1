// Dialogs are not shown on arrival either: Mantine's modals provider (with Modal, its focus trap and scroll
// lock, ~18 KB gzip) mounts the first time a dialog is asked for. Lives in web-kit's core, which is one
// instance per page, so a module's confirm() reaches the provider the shell mounts.
let wanted = false;
let mounted = 0;
let waiting: (() => void)[] = [];
const listeners = new Set<() => void>();

/** Resolves once a dialogs provider is mounted and listening, asking for one on the first call. */
export function whenDialogsReady(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  if (mounted > 0) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}

/** For the provider's outlet: whether a dialog was asked for, and a way to hear it. */
export const dialogsWanted = () => wanted;
export function onDialogsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the outlet once its provider listens (an effect); returns the call for its unmount. */
export function dialogsMounted(): () => void {
  mounted += 1;
  const ready = waiting;
  waiting = [];
  for (const resolve of ready) resolve();
  return () => {
    mounted -= 1;
  };
}
