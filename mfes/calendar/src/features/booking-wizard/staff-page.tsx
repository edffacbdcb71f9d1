import { Radio, SimpleGrid, Text } from '@mantine/core';
import { hasStaff, NoStaffNotice } from '../calendar-page/no-staff-notice';
import type { BookingWizardState } from './use-booking-wizard';
import { staffLabel } from './wizard-data';
import { WizardFooter } from './wizard-footer';
import { NEXT_AVAILABLE } from './wizard-rules';

/** Page 10: the staff member booked, or the next available one. */
export function StaffPage({ w }: { w: BookingWizardState }) {
  const { draft, dispatch, data } = w;
  const { staff } = data;
  return (
    <>
      {staff.isPending ? (
        <Text>Loading …</Text>
      ) : !hasStaff(staff.data ?? []) ? (
        <NoStaffNotice owner={w.access.can('storeOwner')} />
      ) : (
        <Radio.Group label="Staff" value={draft.staffId ? String(draft.staffId) : null} onChange={(v) => dispatch({ type: 'set', patch: { staffId: Number(v) } })}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs">
            {data.staffList.map((e) => (
              <Radio key={e.id} value={String(e.id)} label={<Text span tt="capitalize">{staffLabel(e)}</Text>} />
            ))}
            <Radio value={String(NEXT_AVAILABLE.id)} label={NEXT_AVAILABLE.label} />
          </SimpleGrid>
        </Radio.Group>
      )}
      <WizardFooter w={w} next={() => dispatch({ type: 'staffNext' })} />
    </>
  );
}
