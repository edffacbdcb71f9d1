// Async boundary: the federation runtime resolves shared singletons before the app's modules run.
//
// The start-up runs in several tasks: each shared library's module code (React, React DOM, the router,
// web-kit) runs in a task of its own, with a yield to the browser between them, before the app's modules.
// Imported all at once, bootstrap evaluated them together in one task (~200 ms on a slow phone), which
// Lighthouse counts as blocking time. Their files are preloaded together (index.html, after-first-paint.js),
// so taking them one at a time costs no extra round trip.
type Yielding = { scheduler?: { yield?: () => Promise<void> } };
const nextTask = (): Promise<void> => {
  const { scheduler } = globalThis as Yielding;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

async function start(): Promise<void> {
  // main.js's own evaluation (the federation runtime) ends here; resolving the first shared module is the next task.
  await nextTask();
  await import('react');
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('react-router-dom');
  await nextTask();
  await import('@turnbook/web-kit');
  await nextTask();
  await import('./bootstrap');
}
void start();
