import { Checkbox, List, Select, Stack, Text } from '@mantine/core';
import { NewPasswordFields, PhoneField, TextField } from '@turnbook/web-kit/forms';
import { AddressFields } from '../address-fields';
import { HoursEditor } from '../hours-editor';
import { timeZoneOptions, type HoursState } from '../store-model';

// The wizard's pages; the fields read the one form from its FormProvider.

/** Page 0: the name alone, and whether the owner is bookable too. */
export function NameStep({ takesAppointments, onTakesAppointments }: { takesAppointments: boolean; onTakesAppointments: (on: boolean) => void }) {
  return (
    <>
      <TextField name="name" label="Business name" autoComplete="organization" required data-autofocus />
      <Checkbox
        label="I also take appointments"
        description="You get your own column on the calendar and can be booked online right away."
        checked={takesAppointments}
        onChange={(e) => onTakesAppointments(e.currentTarget.checked)}
      />
    </>
  );
}

/** Page 2: the name and the address. */
export function AddressStep() {
  return (
    <>
      <TextField name="name" label="Business name" autoComplete="organization" required />
      <AddressFields optionalHint />
    </>
  );
}

/** Page 3: how customers reach the business. */
export function ContactStep() {
  return (
    <>
      <TextField name="email" label="Business email" type="email" autoComplete="email" autoCapitalize="none" required />
      <PhoneField name="phone" label="Business phone" required />
    </>
  );
}

/** Page 4: the week's hours and the time zone (both kept beside the form). */
export function HoursStep({ hours, onHours, timezone, onTimezone }: { hours: HoursState; onHours: (h: HoursState) => void; timezone: string; onTimezone: (tz: string) => void }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        Turn on the days you are open and choose the opening and closing times.
      </Text>
      <HoursEditor value={hours} onChange={onHours} toggle="open" />
      <Select
        label="Time zone"
        data={timeZoneOptions(timezone)}
        value={timezone}
        onChange={(v) => v && onTimezone(v)}
        searchable
        allowDeselect={false}
        limit={60}
        nothingFoundMessage="No such time zone"
      />
    </>
  );
}

/** Page 5: what the store's own sign-in account is for. */
export function IntroStep() {
  return (
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
  );
}

/** Page 6: the store account's username and password. */
export function AccountStep() {
  return (
    <>
      <TextField name="username" label="Store username" autoComplete="off" autoCapitalize="none" required />
      <NewPasswordFields />
    </>
  );
}
