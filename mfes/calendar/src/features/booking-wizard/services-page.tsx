import { Alert, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { formatDollars } from '@turnbook/domain/money/money';
import { CreateServicesLink } from '../calendar-page/no-service-notice';
import type { BookingWizardState } from './use-booking-wizard';
import { WizardFooter } from './wizard-footer';
import { resizeSelections, totalDuration, WIZARD_MESSAGES } from './wizard-rules';

/** Page 11: each person's services, with the minutes they take together. */
export function ServicesPage({ w }: { w: BookingWizardState }) {
  const { draft, dispatch, data } = w;
  const selections = resizeSelections(draft.selections, w.people);
  return (
    <>
      {data.services.isSuccess && data.offered.length === 0 ? (
        <Alert color="yellow">
          {WIZARD_MESSAGES.noService} <CreateServicesLink owner={w.access.can('storeOwner')} />
        </Alert>
      ) : (
        <Stack>
          {selections.map((sel, person) => (
            <Checkbox.Group
              key={person}
              label={draft.kind === 'group' ? `Person ${person + 1}` : 'Services'}
              description={`Total: ${totalDuration(sel, data.allServices)} min`}
              value={sel.map(String)}
              onChange={() => undefined}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                {data.shown.map((s) => (
                  <Checkbox
                    key={s.id}
                    value={String(s.id)}
                    label={`${s.name} · ${s.duration} min · ${formatDollars(s.price)}`}
                    onChange={() => dispatch({ type: 'toggleService', person, serviceId: s.id })}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          ))}
        </Stack>
      )}
      <WizardFooter w={w} next={() => dispatch({ type: 'servicesNext' })} />
    </>
  );
}
