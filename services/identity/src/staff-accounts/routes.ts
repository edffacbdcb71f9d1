import type { Handlers } from '@turnbook/service-kit';
import { createStaffAccount, type CreateStaffAccountDeps } from './create-staff-account';

/** Scheduling's internal call when an owner adds a staff member without an account (the router checks the token). */
export function staffAccountRoutes(d: CreateStaffAccountDeps): Handlers {
  return {
    'POST internal/staff-accounts': async ({ body }) => createStaffAccount(d, body),
  };
}
