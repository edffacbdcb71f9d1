import { Button } from '@mantine/core';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { lazy, Suspense, useState } from 'react';

const TransactionsModal = lazy(() => import(/* webpackChunkName: "calendar-transactions" */ './transactions-modal'));

/** The toolbar's Transactions button and its modal, for the owner and the store's superadmin. */
export function MerchantTransactions({ store, date, title }: { store: Pick<StoreView, 'id' | 'timezone'>; date: string; title: string }) {
  const access = useStoreAccess(store.id);
  const [open, setOpen] = useState(false);
  if (!access.can('storeOwnerOrSuper')) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Transactions
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TransactionsModal storeId={store.id} date={date} zone={store.timezone || 'America/New_York'} title={title} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
