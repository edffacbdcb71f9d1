import type { BodyOf } from '@turnbook/contracts';
import type { TurnView } from '@turnbook/contracts/schemas/frontdesk';
import { reply, type Reply } from '@turnbook/service-kit';
import type { Actor } from './actor';
import { ensureTurnDay, viewOfDay, type TurnDeps } from './day-of-turns';

/** createTurn: the day's record, made empty (or with the order given) if missing: 201; else the existing one: 200. */
export async function createTurn(deps: TurnDeps, body: BodyOf<'POST createTurn'>, actor: Actor): Promise<Reply<{ turn: TurnView }>> {
  const { day, made } = await ensureTurnDay(deps, body.storeId, body.date, actor, body.staffIds);
  return reply({ turn: await viewOfDay(deps, day) }, made ? 201 : 200);
}
