import type { TurnPolicy } from '@turnbook/domain';
import { badRequest } from '@turnbook/service-kit';
import type { ServiceRepository } from '../services/repository';
import type { StaffRepository } from '../staff/repository';
import type { EmployeeDoc } from '../staff/model';
import type { TurnRepository } from './repository';

export interface TurnPolicyDeps {
  turns: Pick<TurnRepository, 'policyOf' | 'setPolicy' | 'skillsOf' | 'setSkills'>;
  staff: Pick<StaffRepository, 'ofStore'>;
  services: Pick<ServiceRepository, 'ofStore'>;
}

export async function turnPolicyOf(deps: TurnPolicyDeps, storeId: number): Promise<{ policy: TurnPolicy }> {
  return { policy: await deps.turns.policyOf(storeId) };
}

/** The owner sets how the store counts turns; the list is folded again under it at the next read. */
export async function setTurnPolicy(deps: TurnPolicyDeps, storeId: number, policy: TurnPolicy): Promise<{ policy: TurnPolicy }> {
  return { policy: await deps.turns.setPolicy(storeId, policy) };
}

/** Every working staff member's services (an empty list: every service). */
export async function staffSkillsOf(deps: TurnPolicyDeps, storeId: number): Promise<{ skills: Array<{ staffId: number; serviceIds: number[] }> }> {
  const [staff, skills] = await Promise.all([deps.staff.ofStore(storeId), deps.turns.skillsOf(storeId)]);
  const byStaff = new Map(skills.map((s) => [s._id, s.serviceIds]));
  return { skills: staff.map((e) => ({ staffId: e._id, serviceIds: byStaff.get(e._id) ?? [] })) };
}

/** Which services a staff member does; every id must be one of the store's services. */
export async function setStaffSkills(deps: TurnPolicyDeps, employee: EmployeeDoc, serviceIds: number[]): Promise<{ skill: { staffId: number; serviceIds: number[] } }> {
  const own = new Set((await deps.services.ofStore(employee.storeId)).map((s) => s._id));
  const unknown = serviceIds.filter((id) => !own.has(id));
  if (unknown.length) throw badRequest('serviceIds', `serviceIds: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a service' : 'are not services'} of this store`);
  const saved = await deps.turns.setSkills(employee.storeId, employee._id, [...new Set(serviceIds)]);
  return { skill: { staffId: saved._id, serviceIds: saved.serviceIds } };
}
