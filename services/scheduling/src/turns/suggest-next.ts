import { busyUntil, deriveTurns, suggestNext } from '@turnbook/domain';
import type { ServiceRepository } from '../services/repository';
import { dayFacts, type DayFactsDeps } from '../queue/day-facts';
import { displayName } from '../staff/view';
import type { TurnRepository } from './repository';
import { toEntry } from './repository';

export interface SuggestNextDeps extends DayFactsDeps {
  turns: Pick<TurnRepository, 'entries' | 'policyOf' | 'skillsOf'>;
  services: Pick<ServiceRepository, 'ofStore'>;
}

/** suggestNextStaff: who is next for a walk-in asking for these services, under the store's turn policy. */
export async function suggestNextStaff(deps: SuggestNextDeps, storeId: number, date: string, serviceIds: number[], now = new Date()) {
  const [facts, log, policy, skills, services] = await Promise.all([
    dayFacts(deps, storeId, date, now),
    deps.turns.entries(storeId, date),
    deps.turns.policyOf(storeId),
    deps.turns.skillsOf(storeId),
    deps.services.ofStore(storeId),
  ]);
  const state = deriveTurns(log.map(toEntry), policy);
  const skillOf = new Map(skills.map((s) => [s._id, s.serviceIds]));
  return suggestNext({
    policy,
    order: state.order,
    turns: new Map(state.standing.map((s) => [s.name, s.turns])),
    staff: facts.working.map((e) => ({
      id: e._id,
      name: displayName(e),
      serviceIds: skillOf.get(e._id) ?? [],
      busyUntil: busyUntil(facts.booked(e._id), facts.nowMin),
    })),
    serviceIds,
    serviceNames: new Map(services.map((s) => [s._id, s.name])),
  });
}
