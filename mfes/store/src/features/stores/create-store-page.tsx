import { Alert, Button, Checkbox, Group, List, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, isApiError, isCustomer, useSession } from '@turnbook/web-kit';
import { FormProvider, PasswordField, PhoneField, TextField, useWatch, useZodForm } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { StoreCard, StorePage } from '../page-frame/store-page';
import { AddressFields } from './address-fields';
import { HoursEditor } from './hours-editor';
import { storeKeys } from './store-api';
import { closedHoursState, defaultTimeZone, invalidDays, stateToHours, timeZoneOptions, type HoursState } from './store-model';
import { addressPayload, createStoreSchema, type CreateStoreValues } from './store-schema';

/** The wizard's pages in order (docs/product/README.md: 0 name, 2 address, 3 contact, 4 hours, 5 intro, 6 account). */
export const PAGES = [0, 2, 3, 4, 5, 6] as const;
type Page = (typeof PAGES)[number];

/** What must be non-empty before Next shows, per page. */
const REQUIRED: Record<Page, (keyof CreateStoreValues)[]> = {
  0: ['name'],
  2: ['name', 'street', 'city', 'state', 'zip'],
  3: ['email', 'phone'],
  4: [],
  5: [],
  6: ['username', 'password', 'password_confirmation'],
};
/** The page a server error's field lives on. */
const PAGE_OF: Record<string, Page> = {
  name: 2, street: 2, address2: 2, city: 2, state: 2, zip: 2, email: 3, phone: 3, hours: 4, timezone: 4,
  username: 6, password: 6, password_confirmation: 6,
};

const TITLES: Record<Page, string> = {
  0: "What's the name of your business?",
  2: 'Where is your business?',
  3: 'How can customers reach you?',
  4: 'When are you open?',
  5: 'Your store sign-in account',
  6: 'Create the store sign-in account',
};

const EMPTY: CreateStoreValues = {
  name: '', street: '', address2: '', city: '', state: '', zip: '', email: '', phone: '', username: '', password: '', password_confirmation: '',
};

/**
 * /stores/create. The spec's initial page is 2 (address, which also has the name); a new store has no
 * name yet, so the wizard opens on page 0 (the name alone) and goes on to 2 — when a name is given
 * (`initialName`) it opens on page 2 as the spec says.
 */
export default function CreateStorePage({ initialName = '' }: { initialName?: string }) {
  const userView = useSession((s) => s.user_view);
  const customer = useSession(isCustomer);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(createStoreSchema, { defaultValues: { ...EMPTY, name: initialName } });
  const [page, setPage] = useState<Page>(initialName.trim() ? 2 : 0);
  const [hours, setHours] = useState<HoursState>(closedHoursState);
  const [timezone, setTimezone] = useState<string>(defaultTimeZone);
  const [error, setError] = useState<string | null>(null);
  // A solo owner is bookable on their own calendar at once (no invitation to oneself).
  const [takesAppointments, setTakesAppointments] = useState(false);
  const values = useWatch({ control: form.control }) as CreateStoreValues;

  if (userView === 'OFF') return <Navigate to="/stores" replace />;
  // Store creation is for professionals: a customer learns it here, not at the wizard's last step.
  if (customer) return <Navigate to="/appointments" replace />;

  const index = PAGES.indexOf(page);
  const canNext = REQUIRED[page].every((f) => String(values[f] ?? '').trim() !== '') && (page !== 4 || invalidDays(hours).length === 0);
  const back = index > 0 ? () => setPage(PAGES[index - 1]) : undefined;
  const next = async () => {
    if (REQUIRED[page].length && !(await form.trigger(REQUIRED[page]))) return;
    setPage(PAGES[index + 1]);
  };

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await api.post('POST store', {
        ...addressPayload(v),
        hours: stateToHours(hours),
        username: v.username.trim().toLowerCase(),
        password: v.password,
        password_confirmation: v.password_confirmation,
        timezone,
        ...(takesAppointments ? { ownerTakesAppointments: true } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: storeKeys.all });
      navigate('/stores');
    } catch (e) {
      if (isApiError(e) && e.field && PAGE_OF[e.field] !== undefined) {
        const field = e.field === 'hours' || e.field === 'timezone' ? null : (e.field as keyof CreateStoreValues);
        if (field) form.setError(field, { type: 'server', message: e.status === 409 && field === 'username' ? 'This username is already taken' : e.message });
        else setError(e.message);
        setPage(PAGE_OF[e.field]);
      } else if (isApiError(e) && e.status === 409) {
        form.setError('username', { type: 'server', message: 'This username is already taken' });
        setPage(6);
      } else {
        setError(isApiError(e) ? e.message : 'The store could not be created. Please try again.');
      }
    }
  });

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
        {error && (
          <Alert color="red" role="alert" mb="md">
            {error}
          </Alert>
        )}
        <FormProvider {...form}>
          <form
            noValidate
            aria-label={TITLES[page]}
            onSubmit={(e) => {
              e.preventDefault();
              if (page === 6) void submit(e);
              else if (canNext) void next();
            }}
          >
            <Stack>
              {page === 0 && <TextField name="name" label="Business name" autoComplete="organization" required data-autofocus />}
              {page === 0 && (
                <Checkbox
                  label="I also take appointments"
                  description="You get your own column on the calendar and can be booked online right away."
                  checked={takesAppointments}
                  onChange={(e) => setTakesAppointments(e.currentTarget.checked)}
                />
              )}
              {page === 2 && (
                <>
                  <TextField name="name" label="Business name" autoComplete="organization" required />
                  <AddressFields optionalHint />
                </>
              )}
              {page === 3 && (
                <>
                  <TextField name="email" label="Business email" type="email" autoComplete="email" autoCapitalize="none" required />
                  <PhoneField name="phone" label="Business phone" required />
                </>
              )}
              {page === 4 && (
                <>
                  <Text size="sm" c="dimmed">
                    Turn on the days you are open and choose the opening and closing times.
                  </Text>
                  <HoursEditor value={hours} onChange={setHours} toggle="open" />
                  <Select
                    label="Time zone"
                    data={timeZoneOptions(timezone)}
                    value={timezone}
                    onChange={(v) => v && setTimezone(v)}
                    searchable
                    allowDeselect={false}
                    limit={60}
                    nothingFoundMessage="No such time zone"
                  />
                </>
              )}
              {page === 5 && (
                <Stack gap="xs">
                  <Text>
                    Your store gets its own sign-in account for the front desk tablet. Signed in with it, the tablet shows
                    only <strong>Customer Sign In</strong> (the kiosk your walk-in customers use) and the{' '}
                    <strong>Turns Indicator</strong>.
                  </Text>
                  <List size="sm" spacing={4}>
                    <List.Item>Choose a username your staff can type on the tablet.</List.Item>
                    <List.Item>Keep the password apart from your own: only you can change it later.</List.Item>
                  </List>
                </Stack>
              )}
              {page === 6 && (
                <>
                  <TextField name="username" label="Store username" autoComplete="off" autoCapitalize="none" required />
                  <PasswordField name="password" label="Password" autoComplete="new-password" required />
                  <PasswordField name="password_confirmation" label="Confirm password" autoComplete="new-password" required />
                </>
              )}
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
