/**
 * A file's scenarios at its viewports in turn: the first scenario of a loop at the first viewport, the next
 * at the next, and so on, each scenario once. Every viewport the loop names still runs, and a person still
 * has screenshots of each layout; what is not repeated is the same flow at every width, which doubled
 * these files' time (docs/testing.md, "Viewports in turn"). `from` starts the turn at another viewport, so
 * a loop of one scenario can take the one the loop before did not.
 *
 *   for (const { viewport, myTurn } of inTurn(['tablet', 'desktop'] as const)) {
 *     describe(`... on a ${viewport}`, () => {
 *       if (myTurn()) it('scenario A', ...); // on the tablet
 *       if (myTurn()) it('scenario B', ...); // on the desktop
 *     });
 *   }
 */
export function inTurn<V extends string>(viewports: readonly V[], { from = 0 } = {}): Array<{ viewport: V; myTurn: () => boolean }> {
  return viewports.map((viewport, j) => {
    let scenario = 0;
    return { viewport, myTurn: () => (from + scenario++) % viewports.length === j };
  });
}
