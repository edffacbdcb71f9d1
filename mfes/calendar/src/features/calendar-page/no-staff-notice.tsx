import { Alert, Anchor, Text } from '@mantine/core';
import type { EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { Link } from 'react-router-dom';
import { columnsOf } from '../day-grid/grid-model';

export const NO_STAFF = "Your store doesn't have staff yet";

/** Whether the store has a staff member who can take an appointment (the columns the grid draws for staff). */
export const hasStaff = (staff: EmployeeView[]) => columnsOf(staff).some((c) => c.kind === 'staff');

/**
 * A new store has no staff column and nobody to choose in the wizard: say so, and where staff are added
 * (the owner's /staffs/create; anyone else asks the owner). docs/decisions.md: a store with no staff.
 */
export function NoStaffNotice({ owner }: { owner: boolean }) {
  return (
    <Alert color="yellow" title={NO_STAFF}>
      {owner ? (
        <Text size="sm">
          Appointments are booked with a staff member. <Anchor component={Link} to="/staffs/create">Add staff</Anchor> (you can add yourself) to book them.
        </Text>
      ) : (
        <Text size="sm">Appointments are booked with a staff member. Ask the store's owner to add staff.</Text>
      )}
    </Alert>
  );
}
