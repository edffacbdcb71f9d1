import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ServiceOrder } from './use-service-order';

/** The owner's buttons: reorder and Add, or while reordering Cancel and Save. */
export function ServicesActions({ order, canReorder }: { order: ServiceOrder; canReorder: boolean }) {
  if (order.reorder)
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
  return (
    <>
      <Button variant="light" onClick={order.start} disabled={!canReorder} leftSection={<span aria-hidden>⇅</span>}>
        reorder
      </Button>
      <Button component={Link} to="/services/create" leftSection={<span aria-hidden>+</span>} aria-label="Add service">
        Add
      </Button>
    </>
  );
}
