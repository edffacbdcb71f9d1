import { MESSAGES } from '@turnbook/contracts';
import { formatTime12, isDayOffRecord, isRealStaff, ONLINE_COLUMN, STEP_FREE, STEP_MINUTES, toMinutes, wallMinuteAt } from '@turnbook/domain';
import { AppError, badRequest, type EventBus } from '@turnbook/service-kit';
import { insideStoreHours, logRecord, notBeforeToday, staffWorksThatDay } from '../appointments/appointment-rules';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import { appointmentView } from '../appointments/view';
import { storeAvailability, type DayInputsDeps } from '../availability/day-inputs';
import type { LogRepository } from '../logs/repository';
import type { StaffRepository } from '../staff/repository';
import type { StoreRepository } from '../stores/repository';

export interface SuggestTimeDeps extends DayInputsDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'ofStore' | 'byId'>;
  appointments: Pick<AppointmentRepository, 'days' | 'moveClaimed' | 'model'>;
  logs: Pick<LogRepository, 'add'>;
  bus: EventBus;
}

export interface SuggestTimeBody {
  date: string;
  start: string;
  staffId?: number;
}

/** Only a request still waiting for the store can be answered with another time. */
const SUGGESTABLE = new Set(['PENDING', 'MODIFYING']);
const slotTaken = () => new AppError('slotTaken', MESSAGES.slotTaken, 'start');

/**
 * suggestAppointmentTime: the store answers an online request with another time (docs/decisions.md). The
 * request moves there at once as MODIFYING, keeping its services and length, and holds the new time as an
 * online request does (free when written, or 409 slotTaken); its customer accepts or declines on
 * /appointments. A staff member's suggestion must be a time the engine offers staff bookings.
 */
export async function suggestNewTime(deps: SuggestTimeDeps, a: AppointmentDoc, by: number, body: SuggestTimeBody) {
  if (isDayOffRecord(a) || !SUGGESTABLE.has(a.status)) throw new AppError('notARequest', MESSAGES.notARequest, 'id');
  const store = await deps.stores.byId(a.storeId);
  const zone = store?.timezone || 'America/New_York';
  notBeforeToday(zone, body.date);
  const startMin = toMinutes(body.start);
  if (startMin === null || startMin % STEP_MINUTES !== 0) throw badRequest('start', 'start: must be a time on a quarter hour');
  const staffId = body.staffId ?? a.staffId;
  const anyone = staffId === ONLINE_COLUMN;
  const e = anyone ? null : await deps.staff.byId(staffId);
  if (!anyone && (!e || e.storeId !== a.storeId || !isRealStaff(e))) throw badRequest('staffId', `staffId: must be a staff member of this store or ${ONLINE_COLUMN} for anyone`);
  const length = a.endMin - a.startMin;
  // Say what is wrong (issue 30): outside the hours, or the staff member's weekly day off, is not 'taken'.
  insideStoreHours(store?.hours, body.date, { startMin, endMin: startMin + length });
  await staffWorksThatDay(deps.appointments, e, body.date, a._id);
  const tried = new Set<number>();
  for (;;) {
    const r = await storeAvailability(deps, store!, { date: body.date, mode: 'staff', durationMinutes: [length], staffId: anyone ? null : staffId, excludeAppointmentId: a._id, leaveOut: tried });
    let step = -1;
    for (let s = 0; s < r.day.stepCount; s++) if (wallMinuteAt(r.day, s) === startMin) { step = s; break; }
    if (step < 0 || r.state[step] !== STEP_FREE) throw slotTaken();
    const holder = Number(r.staff[r.staffIndex[step]].id);
    const endMin = wallMinuteAt(r.day, step + r.steps) - (r.steps * STEP_MINUTES - length);
    const changes: Partial<AppointmentDoc> = {
      staffId,
      claimStaffId: anyone ? holder : null,
      date: body.date,
      start: formatTime12(startMin),
      end: formatTime12(endMin),
      startMin,
      endMin,
      status: 'MODIFYING',
      suggestedAt: new Date(),
      modifiedBy: by,
    };
    const next = { ...a, ...changes } as AppointmentDoc;
    const saved = await deps.appointments.moveClaimed(a, changes, [appointmentEvent(deps.bus, 'appointment.updated', next)]);
    if (!saved) {
      if (!anyone) throw slotTaken();
      tried.add(holder);
      continue;
    }
    const view = appointmentView(saved, { staff: anyone ? null : await deps.staff.byId(staffId) });
    await deps.logs.add({
      storeId: a.storeId,
      appointmentId: a._id,
      text: `New time suggested ${saved.date} ${saved.start} - ${saved.end} (was ${a.date} ${a.start} - ${a.end})`,
      appointment_log: logRecord(view, []),
      createdBy: by,
    });
    return { appointment: view };
  }
}
