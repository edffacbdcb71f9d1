import type { Handlers } from '@turnbook/service-kit';
import { getAllPlans } from './get-all-plans';
import type { PlansRepository } from './repository';

export function planRoutes(deps: { plans: PlansRepository }): Handlers {
  return {
    'GET getAllPlans': () => getAllPlans(deps),
  };
}
