import { deriveTurns, turnOrders, type TurnPolicy } from '@turnbook/domain';
import type { TurnHistoryEntry, TurnView } from '@turnbook/contracts/schemas/frontdesk';
import type { EmployeeDoc } from '../staff/model';
import { displayName } from '../staff/view';
import type { TurnDayDoc, TurnLogDoc } from './model';
import { toEntry } from './repository';

/** Staff ids by the name the turn list holds (nickname or first name), for the answers. */
export function idsByName(staff: ReadonlyArray<Pick<EmployeeDoc, '_id' | 'nickname' | 'fname'>>): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of staff) {
    const name = displayName(e);
    if (name && !out.has(name)) out.set(name, e._id);
  }
  return out;
}

/** The day's record with the list folded from its log under the store's policy. */
export function turnView(day: TurnDayDoc, log: TurnLogDoc[], policy: Pick<TurnPolicy, 'rotation'>, names: Map<string, number>): TurnView {
  const state = deriveTurns(log.map(toEntry), policy);
  return {
    id: day._id,
    storeId: day.storeId,
    date: day.date,
    staffIds: state.order,
    updated_at: new Date(day.updated_at ?? day.created_at).toISOString(),
    standing: state.standing.map((s) => ({ name: s.name, staffId: names.get(s.name) ?? null, turns: s.turns })),
    seq: log.reduce((max, e) => Math.max(max, e.seq), 0),
  };
}

/** Every change of the day, oldest first, with the order it left. */
export function historyView(log: TurnLogDoc[], policy: Pick<TurnPolicy, 'rotation'>): TurnHistoryEntry[] {
  const orders = turnOrders(log.map(toEntry), policy);
  return [...log]
    .sort((a, b) => a.seq - b.seq)
    .map((e) => ({
      seq: e.seq,
      at: new Date(e.at).toISOString(),
      by: { id: e.by?.id ?? 0, name: e.by?.name ?? 'store' },
      kind: e.kind,
      staff: e.staff ? { id: e.staff.id ?? null, name: e.staff.name } : null,
      weight: e.kind === 'checkin' || e.kind === 'undo-checkin' ? (e.weight ?? null) : null,
      sheetId: e.sheetId ?? null,
      reason: e.reason ?? null,
      order: orders.get(e.seq) ?? [],
    }));
}
