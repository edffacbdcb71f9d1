import { Alert, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { FormProvider, useWatch, useZodForm } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import type { SavedCard } from '@turnbook/web-kit/card';
import { conflictText } from '../booking-wizard/book-calls';
import { useNameAndPhoneSearch } from '../booking-wizard/customer-pick';
import type { CarriedBooking } from '../booking-wizard/index';
import { bookableServices } from '@turnbook/domain/services/bookable';
import { useServices } from '../calendar-data/queries';
import { formatDate } from '../day-grid/grid-model';
import { availabilityQuery } from './availability-query';
import { QuickCustomer, type CustomerChoice } from './quick-customer';
import { QuickCustomerForm } from './quick-form';
import { QuickDone, QuickProblem } from './quick-alerts';
import { customerProblem, splitName } from './quick-rules';
import { QuickServices } from './quick-services';
import type { QuickSlot } from './quick-slot';
import { useQuickSave } from './use-quick-save';

export interface QuickPanelProps {
  store: StoreView;
  slot: QuickSlot;
  onClose: () => void;
  /** the full wizard, with what was chosen and typed here */
  onFullWizard: (carried: CarriedBooking) => void;
}

/** Quick booking from a slot: a side panel (a bottom sheet on a phone) with customer, services and Save. */
export default function QuickPanel({ store, slot: clicked, onClose, onFullWizard }: QuickPanelProps) {
  // The slot's start, or the next offered one taken instead (see QuickProblem).
  const [time, setTime] = useState(clicked.time);
  const slot = { ...clicked, time };
  const narrow = useMediaQuery('(max-width: 48em)');
  const services = bookableServices(useServices(store.id).data ?? []);
  const form = useZodForm(QuickCustomerForm, { defaultValues: { name: '', phone: '' } });
  const [name = '', phone = ''] = useWatch({ control: form.control, name: ['name', 'phone'] });
  const typedName = splitName(name);
  const matches = useNameAndPhoneSearch(store.id, typedName.fname, typedName.lname, phone);
  const [choice, setChoice] = useState<CustomerChoice>({ picked: null, walkIn: false, createAnyway: false });
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [people, setPeople] = useState(1);
  const [card, setCard] = useState<SavedCard | null>(null);
  const quick = useQuickSave(store, slot, services, (picked) => setChoice({ picked, walkIn: false, createAnyway: false }), onClose);
  const offered = useQuery({ ...availabilityQuery(store, slot.date, slot.staffId, serviceIds), enabled: serviceIds.length > 0 });
  const conflict = offered.data?.slots.some((s) => s.start === slot.time && !s.free);
  // A message is about what was missing: it goes as soon as the booking changes (Save checks again).
  const change = <T,>(apply: (v: T) => void) => (v: T) => {
    quick.setProblem(null);
    apply(v);
  };
  const carried = (): CarriedBooking => ({ customer: choice.picked, newCustomer: { ...typedName, phone }, serviceIds, size: people });
  const save = () =>
    void quick.save({
      customerProblem: customerProblem({ walkIn: choice.walkIn, picked: !!choice.picked, matches: matches.length, createAnyway: choice.createAnyway }),
      checkFields: () => form.trigger(),
      walkIn: choice.walkIn,
      picked: choice.picked,
      typed: { name, phone },
      serviceIds,
      people,
      cardOnFile: card?.id ?? null,
    });

  return (
    <Drawer opened onClose={onClose} position={narrow ? 'bottom' : 'right'} size={narrow ? '90%' : 420} title="Quick booking" closeButtonProps={{ 'aria-label': 'Close quick booking' }}>
      {quick.done ? (
        <QuickDone written={quick.done} staffName={slot.staffName} onClose={onClose} />
      ) : (
        <Stack gap="sm" onInput={() => quick.setProblem(null)}>
          <Text fw={600} data-testid="quick-slot">
            <Text span inherit tt="capitalize">{slot.staffName}</Text> · {formatDate(slot.date, 'short')} · {slot.time}
          </Text>
          <FormProvider {...form}>
            <QuickCustomer choice={choice} onChange={change(setChoice)} matches={matches} />
          </FormProvider>
          <QuickServices storeId={store.id} services={services} chosen={serviceIds} onChosen={change(setServiceIds)} people={people} onPeople={change(setPeople)} card={card} onCard={change(setCard)} />
          {conflict && <Alert color="orange" variant="light">{conflictText(slot.staffId, slot.staffName, slot.time)}</Alert>}
          <QuickProblem problem={quick.problem} later={quick.later} onLater={(t) => { setTime(t); quick.setProblem(null); }} />
          <Group justify="space-between" style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', paddingBlock: 8 }}>
            <Button variant="subtle" onClick={() => onFullWizard(carried())}>Full booking</Button>
            <Button onClick={save} loading={quick.busy}>Save</Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
