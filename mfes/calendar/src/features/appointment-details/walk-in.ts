import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';

/**
 * Whether an appointment is a walk-in waiting for check-in: PENDING with a linked sign-in sheet (its
 * `sheetId`), whatever its note or column says.
 */
export function isWalkIn(a: Pick<AppointmentView, 'status' | 'sheetId'>): boolean {
  return a.status === 'PENDING' && a.sheetId != null;
}
