import { INTERNAL_ROUTES, type StaffAccountBody, type StaffAccountResponse } from '@turnbook/contracts';
import type { UserByEmailResponse } from '@turnbook/contracts/schemas/scheduling';
import { AppError, internalClient } from '@turnbook/service-kit';

export interface StoreAccount {
  storeId: number;
  ownerId: number;
  permalink: string;
  username: string;
  password?: string;
}

/** What scheduling needs of an account that books online: its phone, and whether it is a fresh guest's. */
export interface GuestAccount {
  id: number;
  phone: string;
  verified: boolean;
  createdAt: string;
}

export type IdentityClient = ReturnType<typeof identityClient>;

/** identity's internal calls that scheduling makes (service token; never through the gateway). */
export function identityClient(baseUrl: string, token: string) {
  const call = internalClient(baseUrl, token);
  const path = (p: string, storeId: number) => p.replace(':storeId', String(storeId));
  return {
    upsertStoreAccount: (a: StoreAccount) =>
      call<unknown>(INTERNAL_ROUTES.upsertStoreAccount.method, path(INTERNAL_ROUTES.upsertStoreAccount.path, a.storeId), a),
    async removeStoreAccount(storeId: number): Promise<void> {
      try {
        await call<unknown>(INTERNAL_ROUTES.removeStoreAccount.method, path(INTERNAL_ROUTES.removeStoreAccount.path, storeId));
      } catch (err) {
        // Already gone is what we wanted.
        if (!(err instanceof AppError && err.code === 'notFound')) throw err;
      }
    },
    async userByEmail(email: string): Promise<UserByEmailResponse['user']> {
      const res = await call<UserByEmailResponse>(INTERNAL_ROUTES.usersByEmail.method, INTERNAL_ROUTES.usersByEmail.path, { email });
      return res?.user ?? null;
    },
    /** One user by id (an invitation's acceptance checks the signed-in email), or null. */
    async userById(id: number): Promise<UserByEmailResponse['user']> {
      const res = await call<{ users: NonNullable<UserByEmailResponse['user']>[] }>(INTERNAL_ROUTES.usersByIds.method, INTERNAL_ROUTES.usersByIds.path, { ids: [id] });
      return res?.users?.[0] ?? null;
    },
    /** An account with whether it is verified and when it was made (a guest's booking flow), or null. */
    async accountById(id: number): Promise<GuestAccount | null> {
      const res = await call<{ users: GuestAccount[] }>(INTERNAL_ROUTES.usersByIds.method, INTERNAL_ROUTES.usersByIds.path, { ids: [id] });
      return res?.users?.find((u) => u.id === id) ?? null;
    },
    /**
     * A sign-in account for a staff member the owner adds with an email and password. Null when the email
     * already has an account (identity's 409 `hasAccount`).
     */
    async createStaffAccount(a: StaffAccountBody): Promise<StaffAccountResponse | null> {
      try {
        return await call<StaffAccountResponse>(INTERNAL_ROUTES.createStaffAccount.method, INTERNAL_ROUTES.createStaffAccount.path, a);
      } catch (err) {
        if (err instanceof AppError && err.code === 'hasAccount') return null;
        throw err;
      }
    },
  };
}
