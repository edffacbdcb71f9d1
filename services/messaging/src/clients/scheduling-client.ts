import { internalApi } from '@turnbook/service-kit';

export type SchedulingClient = ReturnType<typeof schedulingClient>;

/** scheduling's internal calls that messaging makes (service token; never through the gateway). */
export function schedulingClient(baseUrl: string, token: string) {
  const call = internalApi(baseUrl, token);
  return {
    /** An online request's account, store and services (null: not an online request any more). */
    requestNotice: async (id: number) => (await call('GET internal/online-requests/{id}/notice', { params: { id } })).notice,
  };
}
