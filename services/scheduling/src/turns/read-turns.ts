import type { TurnHistoryEntry, TurnView } from '@turnbook/contracts/schemas/frontdesk';
import { viewOfDay, type TurnDeps } from './day-of-turns';
import { historyView } from './view';

/** getTurnsByStoreIdAndDate: the day's record in a list (empty when the day has none yet). */
export async function turnsOfDay(deps: TurnDeps, storeId: number, date: string): Promise<{ turns: TurnView[] }> {
  const day = await deps.turns.dayOf(storeId, date);
  return { turns: day ? [await viewOfDay(deps, day)] : [] };
}

/** getTurnHistory: every change of the day's turns, who made it, when and why, and the order it left. */
export async function turnHistory(deps: Pick<TurnDeps, 'turns'>, storeId: number, date: string): Promise<{ entries: TurnHistoryEntry[] }> {
  const [log, policy] = await Promise.all([deps.turns.entries(storeId, date), deps.turns.policyOf(storeId)]);
  return { entries: historyView(log, policy) };
}
