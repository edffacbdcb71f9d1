import type { AppointmentView, EmployeeView, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { ONLINE_COLUMN, UNASSIGNED_COLUMN } from '@turnbook/domain/calendar-columns';
import { toMinutes } from '@turnbook/domain/hours/time12';
import { isRealStaff } from '@turnbook/domain/roles/real-staff';
import { isStaffBookable } from '@turnbook/domain/services/bookable';
import { staffDisplayName } from '@turnbook/domain/text/names';
import { z } from 'zod';
import { DETAILS_MESSAGES } from './details-data';
import { QUARTER_HOURS } from './details-rules';

/** The edit form's fields; a day off has no services. */
export const editSchema = (dayOff: boolean) =>
  z.object({
    staffId: z.string({ error: DETAILS_MESSAGES.chooseStaff }).min(1, DETAILS_MESSAGES.chooseStaff),
    serviceIds: dayOff ? z.array(z.string()) : z.array(z.string()).min(1, DETAILS_MESSAGES.addService),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please select a date'),
    start: z.string({ error: 'Please select a start time' }).min(1, 'Please select a start time'),
    note: z.string().max(1000),
  });
export type EditValues = z.output<ReturnType<typeof editSchema>>;

/** The columns an appointment may be moved to besides real staff. */
const COLUMNS = [
  { value: String(ONLINE_COLUMN), label: 'Online (anyone)' },
  { value: String(UNASSIGNED_COLUMN), label: 'To Be Determined' },
];

/** The staff an appointment may be moved to: real staff only; an archived member keeps their old appointment's option (never the placeholder). */
export const staffOptions = (staff: EmployeeView[], a: Pick<AppointmentView, 'staffId'>, dayOff: boolean) => [
  ...staff.filter((e) => isRealStaff(e) || (e.id === a.staffId && e.archived)).map((e) => ({ value: String(e.id), label: staffDisplayName(e) })),
  ...(dayOff ? [] : COLUMNS),
];

/** Offered: services staff may book; those already on the appointment stay choosable. */
export const serviceOptions = (all: ServiceView[], original: string[]) =>
  all.filter((s) => isStaffBookable(s) || original.includes(String(s.id))).map((s) => ({ value: String(s.id), label: `${s.name} (${s.duration} min)` }));

/** The edited appointment's length: the old one while the services are the same, else the chosen services' minutes. */
export function editLength(a: Pick<AppointmentView, 'startMin' | 'endMin'>, chosen: string[], original: string[], all: ServiceView[]): number {
  const same = chosen.length === original.length && chosen.every((id) => original.includes(id));
  return same ? a.endMin - a.startMin : chosen.reduce((sum, id) => sum + (all.find((s) => String(s.id) === id)?.duration ?? 0), 0);
}

/** The start times offered: the quarter hours, with the appointment's own start kept in order if it is off the quarter. */
export const startOptions = (start: string) => (QUARTER_HOURS.includes(start) ? QUARTER_HOURS : [start, ...QUARTER_HOURS].sort((x, y) => toMinutes(x)! - toMinutes(y)!));
