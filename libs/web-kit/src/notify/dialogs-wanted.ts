// Dialogs are not shown on arrival either: Mantine's modals provider (with Modal, its focus trap and scroll
// lock, ~18 KB gzip) mounts the first time a dialog is asked for. Lives in web-kit's core, which is one
// instance per page, so a module's confirm() reaches the provider the shell mounts.
let wanted = false;
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
const listeners = new Set<() => void>();

/** Resolves once the dialogs provider listens, asking for it on the first call. */
export function whenDialogsReady(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return ready;
}

/** For the provider's outlet: whether a dialog was asked for, a way to hear it, and its "listening" signal. */
export const dialogsWanted = () => wanted;
export function onDialogsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const dialogsReady = (): void => markReady();
