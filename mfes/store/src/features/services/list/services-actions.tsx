import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ReorderButtons } from '../../page-frame/reorder-buttons';
import type { ListOrder } from '../../page-frame/use-list-order';
import type { Service } from '../service-model';

/** The owner's buttons: reorder and Add, or while reordering Cancel and Save. */
export function ServicesActions({ order, canReorder }: { order: ListOrder<Service>; canReorder: boolean }) {
  if (order.reorder) return <ReorderButtons order={order} />;
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
