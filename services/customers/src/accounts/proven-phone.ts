import { digitsOnly } from '@turnbook/domain';
import type { Caller } from '@turnbook/service-kit';

/**
 * The caller's account when their token proves `phone`: identity signs a phone into the token only once it is
 * verified with a texted code (ruling 16). Only that proof lets a store's records of a phone be found by the
 * account or linked to it; holding a number someone typed in proves nothing.
 */
export function accountProving(caller: Caller | undefined, phone: string): number | undefined {
  return caller?.kind === 'user' && caller.phone && digitsOnly(caller.phone) === digitsOnly(phone) ? caller.userId : undefined;
}
