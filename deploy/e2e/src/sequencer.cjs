// jest's own order (last run's failures first, then the slowest), except that the files of lanes.cjs's
// TIMED_LAST come last: they time a recovery and wait for a quiet machine (src/quiet-machine.ts).
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { TIMED_LAST } = require('../lanes.cjs');

const ROOT = path.resolve(__dirname, '..');
const timed = new Set(TIMED_LAST.map((f) => path.join(ROOT, f)));

class TimedLastSequencer extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    return [...ordered.filter((t) => !timed.has(t.path)), ...ordered.filter((t) => timed.has(t.path))];
  }
}

module.exports = TimedLastSequencer;
