import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import type { AppointmentRepository } from '../appointments/repository';
import { appointmentView } from '../appointments/view';
import type { EmployeeDoc } from '../staff/model';

export interface ListDaysOffDeps {
  appointments: Pick<AppointmentRepository, 'daysOffOf'>;
}

/** A staff member's days off (list and history), by date. */
export async function daysOffOf(deps: ListDaysOffDeps, staff: EmployeeDoc): Promise<{ pto: AppointmentView[] }> {
  const pto = await deps.appointments.daysOffOf(staff._id);
  return { pto: pto.map((a) => appointmentView(a, { staff })) };
}
