import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import type { Actor } from '../turns/actor';
import { sheetUpdated } from './events';
import type { SheetDoc } from './model';
import { linkedAppointment, saveSheet, sheetChanges, staffIdsOf, staffNamed, type SheetChangeDeps, type SheetPatch } from './save-sheet';

/**
 * PATCH sheet/{id}'s Update ({staffId, staff_fname, note} once checked in) saves staff and note only: the
 * turns stay as the check-in left them (a wrong check-in is put right in the turns themselves), so a staff
 * member added or swapped here gets no turn and nobody loses one. A note alone is a note. On a checked-in
 * sheet the linked appointment moves to the (first) serving staff member.
 */
export async function updateSheet(deps: SheetChangeDeps, sheet: SheetDoc, body: SheetPatch, actor: Actor): Promise<{ sheet: SheetView }> {
  const ids = staffIdsOf(body);
  const staff = ids ? await staffNamed(deps, sheet.storeId, [...new Set(ids)]) : null;
  const appointment = await linkedAppointment(deps, sheet);
  const serving = staff?.[0];
  const follow = appointment && serving && sheet.checked && appointment.staffId !== serving._id ? { appointment, serving } : null;
  return saveSheet(deps, sheet, sheetChanges(body, staff), (after) => [sheetUpdated(deps.bus, after)], follow, actor);
}
