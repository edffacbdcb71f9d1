import type { BodyOf } from '@turnbook/contracts';
import type { TurnView } from '@turnbook/contracts/schemas/frontdesk';
import type { Actor } from './actor';
import { appendChange, viewOfDay, type TurnDeps } from './day-of-turns';
import type { TurnDayDoc } from './model';

/** updateTurn: a manual reorder (owner, admin, superadmin), kept in the log with its reason (none: null). */
export async function updateTurn(deps: TurnDeps, day: TurnDayDoc, body: BodyOf<'POST updateTurn'>, actor: Actor): Promise<{ turn: TurnView }> {
  await appendChange(deps, day, { kind: 'reorder', order: body.staffIds, reason: body.reason || null, by: actor });
  return { turn: await viewOfDay(deps, day) };
}
