import type { Handlers } from '@turnbook/service-kit';
import { actorOf } from './actor';
import { createTurn } from './create-turn';
import type { TurnDeps } from './day-of-turns';
import { turnHistory, turnsOfDay } from './read-turns';
import { suggestNextStaff, type SuggestNextDeps } from './suggest-next';
import { setStaffSkills, setTurnPolicy, staffSkillsOf, turnPolicyOf, type TurnPolicyDeps } from './turn-policy';
import { updateTurn } from './update-turn';

export type TurnRoutesDeps = TurnDeps & TurnPolicyDeps & SuggestNextDeps;

/** The day's turns, the store's turn policy and staff skills, the audit trail and 'suggest next'. */
export function turnRoutes(deps: TurnRoutesDeps): Handlers {
  return {
    'POST createTurn': async ({ body, caller, access }) => createTurn(deps, body, await actorOf(deps.staff, caller, access, body.storeId)),
    'POST updateTurn': async ({ record, body, caller, access }) => updateTurn(deps, record, body, await actorOf(deps.staff, caller, access, record.storeId)),
    'GET getTurnsByStoreIdAndDate/{storeId}/{date}': ({ params }) => turnsOfDay(deps, params.storeId, params.date),
    'GET getTurnHistory/{storeId}/{date}': ({ params }) => turnHistory(deps, params.storeId, params.date),
    'GET getTurnPolicy/{storeId}': ({ params }) => turnPolicyOf(deps, params.storeId),
    'PUT turnPolicy/{storeId}': ({ params, body }) => setTurnPolicy(deps, params.storeId, body),
    'GET getStaffSkills/{storeId}': ({ params }) => staffSkillsOf(deps, params.storeId),
    'PUT staffSkills/{id}': ({ record, body }) => setStaffSkills(deps, record, body.serviceIds),
    'GET suggestNextStaff/{storeId}/{date}': ({ params, query }) => suggestNextStaff(deps, params.storeId, params.date, query.serviceIds),
  };
}
