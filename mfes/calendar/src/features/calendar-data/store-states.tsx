import { PageNotFound, ReadFailed } from '@turnbook/web-kit/ui';

/** The calendar's and front desk's store (storeQuery) when its permalink leads nowhere. */
export function StoreNotFound() {
  return <PageNotFound title="Store not found">This link does not lead to one of your stores.</PageNotFound>;
}

/** The store could not be read: not found (404), nobody could answer just now, or another refusal. */
export function StoreUnread({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ReadFailed error={error} what="This store" notFound={<StoreNotFound />} message="The store could not be read." onRetry={onRetry} />;
}
