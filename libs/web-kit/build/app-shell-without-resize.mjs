// What Mantine's AppShell sections import for their drag-to-resize edge, drawn only with AppShell's `resize`
// prop, which no Turnbook frame sets (~2 KB gzip on every page of the frame). A section asked to resize
// says so instead of drawing no edge.
export function AppShellResizeHandle() {
  throw new Error("AppShell's resize handle is left out of Turnbook builds (web-kit build/app-shell-without-resize.mjs)");
}
