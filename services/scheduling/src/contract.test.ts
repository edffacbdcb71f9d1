import { schemasOf } from '@turnbook/contracts';
import { customerAppointmentRoutes } from './customer-appointments/routes';
import { dayOffRoutes } from './days-off/routes';
import { serviceRoutes } from './services/routes';
import { staffRoutes } from './staff/routes';
import { storeRoutes } from './stores/routes';

// Building the handler maps touches no dependency; only calling a handler would.
const none = {} as never;
const implemented = Object.keys({
  ...storeRoutes(none),
  ...serviceRoutes(none),
  ...staffRoutes(none),
  ...dayOffRoutes(none),
  ...customerAppointmentRoutes(none),
});

describe('scheduling contract', () => {
  it('when a route is implemented, then libs/contracts gives it a response schema (checked on every answer in tests)', () => {
    expect(implemented.length).toBeGreaterThan(30);
    expect(implemented.filter((k) => !schemasOf(k)?.response)).toEqual([]);
  });
});
