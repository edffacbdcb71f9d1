import type { EmployeeView, OnlineBookingBody, RoleBody } from '@turnbook/contracts/schemas/scheduling';
import type { EventBus } from '@turnbook/service-kit';
import type { z } from 'zod';
import type { MembershipPublisher } from '../memberships/membership-publisher';
import { staffUpdatedEvent } from './events';
import type { EmployeeDoc } from './model';
import type { EmployeeChanges, StaffRepository } from './repository';
import { employeeView } from './view';

/** The owner's (or, for the schedule, an admin's) edits of one staff member the router loaded. */
export interface ChangeEmployeeDeps {
  staff: StaffRepository;
  membership: Pick<MembershipPublisher, 'publish'>;
  bus: EventBus;
}

async function change(deps: ChangeEmployeeDeps, e: EmployeeDoc, changes: EmployeeChanges, membership = false): Promise<{ employee: EmployeeView }> {
  const next = { ...e, ...changes } as EmployeeDoc;
  const saved = await deps.staff.update(e._id, changes, [staffUpdatedEvent(deps.bus, next)], membership ? { membershipOf: e.storeId } : {});
  if (membership) await deps.membership.publish(e.storeId);
  return { employee: employeeView(saved ?? next) };
}

export const setRole = (deps: ChangeEmployeeDeps, e: EmployeeDoc, role: z.output<typeof RoleBody>['role']) => change(deps, e, { role }, true);

/** ON, OFF or 'none', kept as sent. */
export const setOnlineBooking = (deps: ChangeEmployeeDeps, e: EmployeeDoc, online_booking: z.output<typeof OnlineBookingBody>['online_booking']) =>
  change(deps, e, { online_booking });

export const setStaffSortIndex = (deps: ChangeEmployeeDeps, e: EmployeeDoc, sortIndex: number) => change(deps, e, { sortIndex });

/** Weekly schedule: `dayOff` lists the weekdays NOT worked ('mon tue'), already normalised. */
export const setSchedule = (deps: ChangeEmployeeDeps, e: EmployeeDoc, dayOff: string) => change(deps, e, { dayOff });

/** Archive ("removeEmployee"): off the staff lists and out of the store's members, history kept. */
export const archiveEmployee = (deps: ChangeEmployeeDeps, e: EmployeeDoc) => change(deps, e, { archived: true }, true);

export const restoreEmployee = (deps: ChangeEmployeeDeps, e: EmployeeDoc) => change(deps, e, { archived: false }, true);
