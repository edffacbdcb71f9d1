import type { EventBus } from '@turnbook/service-kit';
import type { TurnDayDoc, TurnLogDoc } from './model';

/** `turn.changed`: the front desk's sheet channel and the kiosk's queue notice, with the order the change leaves. */
export function turnChangedEvent(bus: EventBus, day: TurnDayDoc, saved: TurnLogDoc, order: string[]) {
  return bus.event('turn.changed', day.storeId, { id: day._id, storeId: day.storeId, date: day.date, seq: saved.seq, kind: saved.kind, staffIds: order });
}
