import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { isCustomer, useSession } from '@turnbook/web-kit';
import { FormProvider } from '@turnbook/web-kit/forms';
import { Navigate } from 'react-router-dom';
import { StoreCard, StorePage } from '../page-frame/store-page';
import { PAGES, TITLES } from './create/create-store-model';
import { AccountStep, AddressStep, ContactStep, HoursStep, IntroStep, NameStep } from './create/create-store-steps';
import { useCreateStore } from './create/use-create-store';

/**
 * /stores/create. The spec's initial page is 2 (address, which also has the name); a new store has no
 * name yet, so the wizard opens on page 0 (the name alone) and goes on to 2 — when a name is given
 * (`initialName`) it opens on page 2 as the spec says.
 */
export default function CreateStorePage({ initialName = '' }: { initialName?: string }) {
  const userView = useSession((s) => s.user_view);
  const customer = useSession(isCustomer);
  const wizard = useCreateStore(initialName);
  const { form, page, index, canNext, back } = wizard;

  if (userView === 'OFF') return <Navigate to="/stores" replace />;
  // Store creation is for professionals: a customer learns it here, not at the wizard's last step.
  if (customer) return <Navigate to="/appointments" replace />;

  return (
    <StorePage title="Create New Store" back={{ to: '/stores', label: 'My Stores' }}>
      <StoreCard label="Create store">
        <Stack gap={6} mb="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            Step {index + 1} of {PAGES.length}
          </Text>
          <Progress value={((index + 1) / PAGES.length) * 100} size="sm" aria-label={`Step ${index + 1} of ${PAGES.length}`} />
          <Title order={2} size="h3">
            {TITLES[page]}
          </Title>
        </Stack>
        {wizard.error && (
          <Alert color="red" role="alert" mb="md">
            {wizard.error}
          </Alert>
        )}
        <FormProvider {...form}>
          <form
            noValidate
            aria-label={TITLES[page]}
            onSubmit={(e) => {
              e.preventDefault();
              if (page === 6) void wizard.submit(e);
              else if (canNext) void wizard.next();
            }}
          >
            <Stack>
              {page === 0 && <NameStep takesAppointments={wizard.takesAppointments} onTakesAppointments={wizard.setTakesAppointments} />}
              {page === 2 && <AddressStep />}
              {page === 3 && <ContactStep />}
              {page === 4 && <HoursStep hours={wizard.hours} onHours={wizard.setHours} timezone={wizard.timezone} onTimezone={wizard.setTimezone} />}
              {page === 5 && <IntroStep />}
              {page === 6 && <AccountStep />}
              <Group justify={back ? 'space-between' : 'flex-end'} mt="md">
                {back && (
                  <Button variant="default" onClick={back} leftSection={<span aria-hidden>←</span>}>
                    Back
                  </Button>
                )}
                {canNext &&
                  (page === 6 ? (
                    <Button type="submit" loading={form.formState.isSubmitting}>
                      Submit
                    </Button>
                  ) : (
                    <Button type="submit" rightSection={<span aria-hidden>→</span>}>
                      Next
                    </Button>
                  ))}
              </Group>
            </Stack>
          </form>
        </FormProvider>
      </StoreCard>
    </StorePage>
  );
}
