// The order of the files in a lane: lanes.cjs's ALONE_FIRST, then every other file in jest's own order
// (failed last time, then slowest, then largest), then ALONE_LAST.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { ALONE_FIRST, ALONE_LAST } = require('../lanes.cjs');

const ROOT = path.join(__dirname, '..');

class LaneSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const file = path.relative(ROOT, test.path).split(path.sep).join('/');
      if (ALONE_FIRST.includes(file)) return ALONE_FIRST.indexOf(file);
      if (ALONE_LAST.includes(file)) return ALONE_FIRST.length + 1 + ALONE_LAST.indexOf(file);
      return ALONE_FIRST.length;
    };
    // Array.prototype.sort is stable: files of one rank keep jest's order.
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LaneSequencer;
