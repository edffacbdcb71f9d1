import type { StaffAccountBody, StaffAccountResponse, UserByEmailResponse } from '@turnbook/contracts';
import { AppError, internalApi } from '@turnbook/service-kit';

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
  const call = internalApi(baseUrl, token);
  return {
    upsertStoreAccount: (a: StoreAccount) => call('PUT internal/store-accounts/{storeId}', { params: { storeId: a.storeId }, body: a }),
    async removeStoreAccount(storeId: number): Promise<void> {
      try {
        await call('DELETE internal/store-accounts/{storeId}', { params: { storeId } });
      } catch (err) {
        // Already gone is what we wanted.
        if (!(err instanceof AppError && err.code === 'notFound')) throw err;
      }
    },
    async userByEmail(email: string): Promise<UserByEmailResponse['user']> {
      return (await call('POST internal/users/by-email', { body: { email } })).user;
    },
    /** One user by id (a new store's owner who also takes appointments), or null. */
    async userById(id: number): Promise<UserByEmailResponse['user']> {
      return (await call('POST internal/users/by-ids', { body: { ids: [id] } })).users.find((u) => u.id === id) ?? null;
    },
    /** An account with whether it is verified and when it was made (a guest's booking flow), or null. */
    async accountById(id: number): Promise<GuestAccount | null> {
      return (await call('POST internal/users/by-ids', { body: { ids: [id] } })).users.find((u) => u.id === id) ?? null;
    },
    /**
     * A sign-in account for a staff member the owner adds with an email and password. Null when the email
     * already has an account (identity's 409 `hasAccount`).
     */
    async createStaffAccount(a: StaffAccountBody): Promise<StaffAccountResponse | null> {
      try {
        return await call('POST internal/staff-accounts', { body: a });
      } catch (err) {
        if (err instanceof AppError && err.code === 'hasAccount') return null;
        throw err;
      }
    },
  };
}
