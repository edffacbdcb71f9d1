import type { BodyOf } from '@turnbook/contracts';
import type { TurnView } from '@turnbook/contracts/schemas/frontdesk';
import { badRequest } from '@turnbook/service-kit';
import type { Actor } from './actor';
import { appendChange, viewOfDay, type TurnDeps } from './day-of-turns';
import type { TurnDayDoc } from './model';
import { idsByName } from './view';

/**
 * updateTurn: a manual reorder (owner, admin, superadmin), kept in the log with its reason (none: null). Every
 * name must be one of the store's staff (archived ones included: a list read before an archive still saves).
 */
export async function updateTurn(deps: TurnDeps, day: TurnDayDoc, body: BodyOf<'POST updateTurn'>, actor: Actor): Promise<{ turn: TurnView }> {
  const names = idsByName(await deps.staff.ofStore(day.storeId, 'any'));
  const stranger = body.staffIds.find((name) => !names.has(name));
  if (stranger !== undefined) throw badRequest('staffIds', `staffIds: '${stranger}' is not a staff member of this store`);
  await appendChange(deps, day, { kind: 'reorder', order: body.staffIds, reason: body.reason || null, by: actor });
  return { turn: await viewOfDay(deps, day, names) };
}
