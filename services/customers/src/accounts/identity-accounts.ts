import { internalApi } from '@turnbook/service-kit';

/** What the customers service needs of a user account: who it is and the phone it registered. */
export interface Account {
  id: number;
  role: string;
  phone: string;
  email: string;
  verified: boolean;
  /** When the account was registered (ISO time from identity). */
  createdAt: string | Date;
}

export interface Accounts {
  byId(id: number): Promise<Account | null>;
}

/** Accounts from identity's internal users-by-ids call. */
export function identityAccounts(identityUrl: string, internalToken: string): Accounts {
  const call = internalApi(identityUrl, internalToken);
  return {
    async byId(id) {
      const { users } = await call('POST internal/users/by-ids', { body: { ids: [id] } });
      return users.find((u) => u.id === id) ?? null;
    },
  };
}
