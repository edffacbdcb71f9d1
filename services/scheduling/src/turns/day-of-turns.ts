import { deriveTurns } from '@turnbook/domain';
import type { TurnView } from '@turnbook/contracts/schemas/frontdesk';
import type { EventBus } from '@turnbook/service-kit';
import type { StaffRepository } from '../staff/repository';
import type { Actor } from './actor';
import { turnChangedEvent } from './events';
import type { TurnDayDoc, TurnLogDoc } from './model';
import { toEntry, type NewTurnLogEntry, type TurnRepository } from './repository';
import { idsByName, turnView } from './view';

/** What writing a change needs. */
export interface TurnWriteDeps {
  turns: Pick<TurnRepository, 'ensureDay' | 'entries' | 'policyOf' | 'append'>;
  bus: EventBus;
}

export interface TurnDeps {
  turns: TurnRepository;
  staff: Pick<StaffRepository, 'ofStore' | 'ofUserInStore'>;
  bus: EventBus;
}

/**
 * Appends one change to a day's log with its 'turn.changed' event (the front desk's sheet channel, the
 * kiosk's queue notice), carrying the order the change leaves as this writer sees it.
 */
export async function appendChange(deps: TurnWriteDeps, day: TurnDayDoc, entry: NewTurnLogEntry): Promise<TurnLogDoc> {
  const [before, policy] = await Promise.all([deps.turns.entries(day.storeId, day.date), deps.turns.policyOf(day.storeId)]);
  return deps.turns.append(day, entry, (saved) => {
    const order = deriveTurns([...before, saved].map(toEntry), policy).order;
    return [turnChangedEvent(deps.bus, day, saved, order)];
  });
}

/** The day's record, made with its 'created' entry (an empty list, or the order given) when missing. */
export async function ensureTurnDay(deps: TurnWriteDeps, storeId: number, date: string, actor: Actor, order: string[] = []): Promise<{ day: TurnDayDoc; made: boolean }> {
  const got = await deps.turns.ensureDay(storeId, date);
  if (got.made) await appendChange(deps, got.day, { kind: 'created', order, reason: null, by: actor });
  return got;
}

/** The day's record as answered: the list folded from the log under the store's policy (`names`: read already). */
export async function viewOfDay(deps: Pick<TurnDeps, 'turns' | 'staff'>, day: TurnDayDoc, names?: Map<string, number>): Promise<TurnView> {
  const [log, policy, ids] = await Promise.all([
    deps.turns.entries(day.storeId, day.date),
    deps.turns.policyOf(day.storeId),
    names ?? deps.staff.ofStore(day.storeId, 'any').then(idsByName),
  ]);
  return turnView(day, log, policy, ids);
}
