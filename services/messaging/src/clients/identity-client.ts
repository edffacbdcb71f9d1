import { AppError, internalApi } from '@turnbook/service-kit';

export type IdentityClient = ReturnType<typeof identityClient>;

/** identity's internal calls that messaging makes (service token; never through the gateway). */
export function identityClient(baseUrl: string, token: string) {
  const call = internalApi(baseUrl, token);
  return {
    /** The link a mail carries (verification, reset), or null when it is gone. */
    async mailLink(mailId: string): Promise<string | null> {
      try {
        return (await call('GET internal/mails/{mailId}', { params: { mailId } })).url;
      } catch (err) {
        // Gone (expired or revoked): nothing to send. Anything else: the event comes again.
        if (err instanceof AppError && err.code === 'notFound') return null;
        throw err;
      }
    },
    /** Where an account's mail goes. */
    async account(userId: number) {
      const res = await call('POST internal/users/by-ids', { body: { ids: [userId] } });
      return res.users.find((u) => u.id === userId) ?? null;
    },
  };
}
