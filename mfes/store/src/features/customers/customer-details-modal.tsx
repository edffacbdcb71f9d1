import { Anchor, Badge, Modal, Stack, Text } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { Link } from 'react-router-dom';
import type { Employee } from '../staff/model';
import { CustomerAppointments } from './customer-appointments';
import { customerName, favName, type Customer } from './model';

/** /customers' details of one customer: contact, favourite staff, notes, banned, and their appointments. */
export default function CustomerDetailsModal({ customer, staff, onClose }: { customer: Customer; staff: Employee[] | undefined; onClose: () => void }) {
  const fav = favName(customer, staff);
  return (
    <Modal opened onClose={onClose} title={customerName(customer)} size="lg" centered>
      <Stack gap="sm">
        <Stack gap={2}>
          <Text size="sm">ID: {customer.id}</Text>
          {customer.email && <Text size="sm">Email: {customer.email}</Text>}
          {customer.phone && <Text size="sm">Phone: {formatPhone(customer.phone)}</Text>}
          {fav && <Text size="sm">Favorite staff: {fav}</Text>}
          {customer.status && <Text size="sm">Notes: {customer.status}</Text>}
          {customer.banned && (
            <Badge color="red.9" variant="filled" w="fit-content">
              Banned
            </Badge>
          )}
          <Anchor component={Link} to={`/customer/${customer.id}`} size="sm">
            Open customer details
          </Anchor>
        </Stack>
        <CustomerAppointments customerId={customer.id} />
      </Stack>
    </Modal>
  );
}
