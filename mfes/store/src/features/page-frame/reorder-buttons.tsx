import { Button } from '@mantine/core';

/** Reorder mode's two buttons (services and staff lists): Cancel puts the order back, Save keeps it. */
export function ReorderButtons({ order }: { order: { cancel: () => unknown; save: () => unknown; saving: boolean } }) {
  return (
    <>
      <Button variant="default" onClick={order.cancel} disabled={order.saving}>
        Cancel
      </Button>
      <Button onClick={order.save} loading={order.saving}>
        Save
      </Button>
    </>
  );
}
