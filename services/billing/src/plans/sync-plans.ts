import type { Logger } from '@turnbook/service-kit';
import type { PaymentGateway } from '../stripe/gateway';
import { PLAN_CATALOGUE } from './catalogue';
import type { PlansRepository } from './repository';

/**
 * Seeds the plans and creates each one at the card provider once (product + monthly price), keeping the
 * ids it answers. Our records are the truth: the provider is only asked for plans that have no price id.
 */
export async function syncPlans(deps: { plans: PlansRepository; gateway: PaymentGateway; log: Logger }): Promise<boolean> {
  let complete = true;
  for (const p of PLAN_CATALOGUE) {
    const plan = await deps.plans.seed(p);
    if (plan.priceId) continue;
    try {
      await deps.plans.setProviderIds(plan._id, await deps.gateway.createPlan({ key: plan._id, name: plan.name, price: plan.price }));
    } catch (err) {
      complete = false;
      deps.log.warn({ err: String(err), plan: plan._id }, 'plan not created at the card provider yet; will retry');
    }
  }
  return complete;
}
