// Which e2e files may run at the same time against one stack (`npm test` runs the three parallel lanes side
// by side, then the rest alone). A file shares a lane with every file whose demo-store state it reads or
// writes; a file in no lane runs alone, after the lanes: the safe place for a new file.
//   calendar: the demo store's appointments ahead, staff, customers and online booking
//   desk:     the demo store's walk-in line of today (sheets, turns, the texts that follow it)
//   own:      files that only touch stores and accounts of their own (new owners, bookableStore, the
//             role-matrix world): nothing another lane reads. Some came from the alone lane, which left
//             half the machine idle while they ran (docs/testing.md, "E2E lanes and viewports in turn").
//   alone:    the demo store's counts (a report's revenue, the free starts the engine offers), the app version
//             every open page follows, and the system tests that kill services or lock sign-ins, roll services
//             or switch modules (rolling-deploy, module-versions, version-skew)
const path = require('node:path');

const LANES = {
  calendar: [
    'journeys/staff-customers.test.ts',
    'journeys/calendar-details.test.ts',
    'journeys/online-booking.test.ts',
    'journeys/customer-history.test.ts',
    'journeys/calendar-booking.test.ts',
    'journeys/calendar-grid.test.ts',
    'journeys/tbd-placeholder.test.ts',
    'journeys/store-extras.test.ts',
    'journeys/calendar-isolation.test.ts',
    'journeys/realtime.test.ts',
    'api/online-booking.test.ts',
    'api/guest-booking.test.ts',
  ],
  desk: [
    'journeys/kiosk-signin.test.ts',
    'journeys/front-desk.test.ts',
    'journeys/texts.test.ts',
    'journeys/billing.test.ts',
    'journeys/kiosk-offline.test.ts',
    'api/kiosk-search.test.ts',
  ],
  own: [
    'journeys/store-setup.test.ts',
    'journeys/accounts.test.ts',
    'journeys/kiosk-mode.test.ts',
    'journeys/customer-cancel.test.ts',
    'journeys/owner-first-hour.test.ts',
    'journeys/card-on-file.test.ts',
    'journeys/cross-store-staff.test.ts',
    'journeys/franchise.test.ts',
    'journeys/calendar-activity.test.ts',
    'journeys/accessibility-check.test.ts',
    'api/access-matrix.test.ts',
    'api/billing.test.ts',
    'api/sheets-turns.test.ts',
    'api/public-limits.test.ts',
    'api/online-request-mails.test.ts',
    'api/book-with-favourite.test.ts',
    'system/double-booking.test.ts',
    'system/client-address.test.ts',
    'system/realtime-auth.test.ts',
    'system/malformed-requests.test.ts',
    'system/resend.test.ts',
  ],
};

/**
 * Alone-lane files that time a recovery in seconds (a killed service answering again within 5 s). They run
 * last in their lane and wait until the package suites that share the machine during `npm test` are done
 * (src/quiet-machine.ts): beside three jest suites a restarted service loaded its modules in 4.2 s instead of
 * 0.9 s, which times the test machine, not the product (docs/testing.md, runs DB and DC).
 */
const TIMED_LAST = ['system/restart.test.ts'];

/** The lanes `npm test` runs side by side; `alone` (every file in neither) runs after both. */
const PARALLEL_LANES = Object.keys(LANES);
const ALL_LANES = [...PARALLEL_LANES, 'alone'];

/**
 * Jest's testMatch/testPathIgnorePatterns for one lane (undefined: every file, as `npm run e2e` by hand).
 * @param {string | undefined} lane
 * @param {string} rootDir deploy/e2e
 */
function laneSelection(lane, rootDir) {
  const all = ['<rootDir>/journeys/**/*.test.ts', '<rootDir>/api/**/*.test.ts', '<rootDir>/system/**/*.test.ts'];
  if (!lane) return { testMatch: all };
  if (!ALL_LANES.includes(lane)) throw new Error(`E2E_LANE must be one of ${ALL_LANES.join(', ')}, got ${lane}`);
  if (lane !== 'alone') return { testMatch: LANES[lane].map((f) => `<rootDir>/${f}`) };
  const inLanes = Object.values(LANES).flat().map((f) => `^${escape(path.join(rootDir, f))}$`);
  return { testMatch: all, testPathIgnorePatterns: ['/node_modules/', ...inLanes] };
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = { LANES, PARALLEL_LANES, ALL_LANES, TIMED_LAST, laneSelection };
