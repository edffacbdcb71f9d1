import { Button, ColorInput, ColorSwatch, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@turnbook/contracts/api/index';
import { api, hasCode, isApiError, useWizard } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { FormProvider, PasswordField, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { alert, ErrorState } from '@turnbook/web-kit/ui';
import { useState, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import {
  accountEmailSchema,
  colorSchema,
  credentialsSchema,
  EMPLOYEE_EXISTED_ALERT,
  HAS_ACCOUNT_TEXT,
  nameSchema,
  pinSchema,
  type AccountEmailValues,
  type ColorValues,
  type CredentialsValues,
  type NameValues,
  type PinValues,
} from './add-staff-schemas';
import { capitalize, staffKeys } from './model';
import { FreeTierWarning } from './free-tier-warning';
import { Allowed, DonePanel, PeoplePage } from './ui';

const SWATCHES = ['#00bcd4', '#e91e63', '#9c27b0', '#3f51b5', '#2196f3', '#009688', '#4caf50', '#ff9800', '#ff5722', '#795548', '#607d8b', '#f44336'];

type ServerError = { field: string; message: string } | null;

function Nav({ onBack, next = 'Next', loading, disabled }: { onBack?: () => void; next?: string; loading?: boolean; disabled?: boolean }) {
  return (
    <Group justify={onBack ? 'space-between' : 'flex-end'} mt="md">
      {onBack && (
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      )}
      <Button type="submit" loading={loading} disabled={disabled}>
        {next}
      </Button>
    </Group>
  );
}

/** What each field is called on the wizard's pages, for a server answer that names it. */
const FIELD_LABELS: Record<string, string> = { email: 'email', password: 'password', fname: 'first name', lname: 'last name', nickname: 'nickname', color: 'colour', PIN: 'PIN' };

/**
 * The server's words for a field, made readable under that field: without the 'field: ' prefix the
 * services write, and 'is required' said as a request.
 */
export function friendlyFieldMessage(field: string, message: string): string {
  const text = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  if (text === 'is required') return `Please enter the ${FIELD_LABELS[field] ?? field}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function serverErrors(e: ServerError, fields: string[]) {
  return e && fields.includes(e.field) ? { [e.field]: { type: 'server', message: e.message } } : undefined;
}

function EmailPage({ values, error, onBack, onNext }: { values: AccountEmailValues; error: ServerError; onBack: () => void; onNext: (v: AccountEmailValues) => void }) {
  const form = useZodForm(accountEmailSchema, { defaultValues: values, errors: serverErrors(error, ['email']) });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as AccountEmailValues))} noValidate aria-label="Staff account email">
        <Stack>
          <Text>Enter the email the staff member signs in with.</Text>
          <TextField name="email" label="Email" type="email" autoComplete="off" autoCapitalize="none" required />
          <Nav onBack={onBack} />
        </Stack>
      </form>
    </FormProvider>
  );
}

function NamePage({ values, error, onBack, onNext }: { values: NameValues; error: ServerError; onBack: () => void; onNext: (v: NameValues) => void }) {
  const form = useZodForm(nameSchema, { defaultValues: values, errors: serverErrors(error, ['fname', 'lname', 'nickname']) });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as NameValues))} noValidate aria-label="Staff name">
        <Stack>
          <TextField name="fname" label="First name" autoComplete="off" required />
          <TextField name="lname" label="Last name" autoComplete="off" />
          <TextField name="nickname" label="Nickname" description="Shown on the calendar; the first name when left empty." autoComplete="off" />
          <Nav onBack={onBack} />
        </Stack>
      </form>
    </FormProvider>
  );
}

function EmailQuestionPage({ onBack, onYes, onSkip }: { onBack: () => void; onYes: () => void; onSkip: () => void }) {
  return (
    <Stack>
      <Text>Would you like to add an email and password for this staff member?</Text>
      <Group grow>
        <Button onClick={onYes}>Yes</Button>
        <Button variant="default" onClick={onSkip}>
          Skip
        </Button>
      </Group>
      <Group>
        <Button variant="subtle" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}

function CredentialsPage({ values, error, onBack, onNext }: { values: CredentialsValues; error: ServerError; onBack: () => void; onNext: (v: CredentialsValues) => void }) {
  const form = useZodForm(credentialsSchema, { defaultValues: values, errors: serverErrors(error, ['email', 'password']) });
  const [email, password, confirmation] = useWatch({ control: form.control, name: ['email', 'password', 'password_confirmation'] });
  const filled = Boolean(email?.trim() && password && confirmation);
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as CredentialsValues))} noValidate aria-label="Staff email and password">
        <Stack>
          <TextField name="email" label="Email" type="email" autoComplete="off" autoCapitalize="none" required />
          <PasswordField name="password" label="Password" autoComplete="new-password" required />
          <PasswordField name="password_confirmation" label="Confirm password" autoComplete="new-password" required />
          <Nav onBack={onBack} disabled={!filled} />
        </Stack>
      </form>
    </FormProvider>
  );
}

function ColorPage({ values, onBack, onNext }: { values: ColorValues; onBack: () => void; onNext: (v: ColorValues) => void }) {
  const form = useZodForm(colorSchema, { defaultValues: values });
  return (
    <form onSubmit={form.handleSubmit((v) => onNext(v as ColorValues))} noValidate aria-label="Staff colour">
      <Stack>
        <Text>Pick a colour for this staff member's appointments.</Text>
        <Controller
          control={form.control}
          name="color"
          render={({ field, fieldState }) => (
            <ColorInput
              label="Colour"
              format="hex"
              swatches={SWATCHES}
              swatchesPerRow={6}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              withEyeDropper={false}
            />
          )}
        />
        <Controller
          control={form.control}
          name="color"
          render={({ field }) => (
            <Group gap="xs" role="group" aria-label="Colour choices">
              {SWATCHES.map((c) => (
                <ColorSwatch
                  key={c}
                  component="button"
                  type="button"
                  color={c}
                  size={32}
                  onClick={() => field.onChange(c)}
                  aria-label={`Colour ${c}`}
                  aria-pressed={field.value?.toLowerCase() === c}
                  style={{ cursor: 'pointer', outline: field.value?.toLowerCase() === c ? '3px solid var(--mantine-color-dark-3)' : undefined, outlineOffset: 2 }}
                />
              ))}
            </Group>
          )}
        />
        <Nav onBack={onBack} />
      </Stack>
    </form>
  );
}

function PinPage({ values, error, submit, loading, onBack, onNext }: { values: PinValues; error: ServerError; submit: string; loading: boolean; onBack: () => void; onNext: (v: PinValues) => void }) {
  const form = useZodForm(pinSchema, { defaultValues: values, errors: serverErrors(error, ['PIN']) });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as PinValues))} noValidate aria-label="Staff PIN">
        <Stack>
          <Text>A PIN (4 to 8 digits) lets the staff member check in at the front desk. You can leave it empty.</Text>
          <PasswordField name="PIN" label="PIN" inputMode="numeric" autoComplete="off" maxLength={8} />
          <PasswordField name="PIN_confirmation" label="Confirm PIN" inputMode="numeric" autoComplete="off" maxLength={8} />
          <FreeTierWarning />
          <Nav onBack={onBack} next={submit} loading={loading} />
        </Stack>
      </form>
    </FormProvider>
  );
}

const TITLES: Record<number, string> = {
  1: 'Account',
  2: 'Email and password',
  3: 'Email and password',
  4: 'Staff name',
  5: 'Colour',
  6: 'PIN',
  7: 'Staff email',
  8: 'PIN',
};
/** Step numbers for the progress bar, per path. */
const STEP: Record<number, [number, number]> = { 1: [1, 4], 4: [2, 6], 2: [3, 6], 3: [3, 6], 5: [4, 6], 6: [5, 6], 7: [2, 3], 8: [3, 3] };

/**
 * /staffs/create, the add-staff wizard of docs/product/statuses.md: 1 'does the staff already have an account?';
 * Yes: 7 email, 8 PIN, Create; No: 4 name, 2 email question, 3 email and password, 5 colour, 6 PIN,
 * Create Staff; 9 'Congrats!!!'; 10 'has account'.
 */
export function AddStaffWizard() {
  const access = useStoreAccess();
  const qc = useQueryClient();
  const wizard = useWizard(1);
  const [account, setAccount] = useState<AccountEmailValues>({ email: '' });
  const [name, setName] = useState<NameValues>({ fname: '', lname: '', nickname: '' });
  const [creds, setCreds] = useState<CredentialsValues>({ email: '', password: '', password_confirmation: '' });
  const [useEmail, setUseEmail] = useState(false);
  const [color, setColor] = useState<ColorValues>({ color: '#00bcd4' });
  const [pin, setPin] = useState<PinValues>({ PIN: '', PIN_confirmation: '' });
  const [error, setError] = useState<ServerError>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The page a refused Create came from: once the named field is fixed, Next goes straight back to it.
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const forward = (next: number) => {
    if (returnTo !== null) {
      setReturnTo(null);
      wizard.goTo(returnTo, { remember: false });
    } else wizard.goTo(next);
  };
  const back = () => {
    setReturnTo(null);
    wizard.back();
  };
  const [added, setAdded] = useState('');
  const [invited, setInvited] = useState('');

  const create = async (body: RequestOf<'POST staff'>, pinPage: number) => {
    setBusy(true);
    setError(null);
    setGeneral(null);
    try {
      const res = await api.post('POST staff', body);
      // The spec's plain-text answers ('employee existed', 'has account') come with a 409, thrown as errors.
      const answer = typeof res === 'object' ? res : null;
      // The Yes path answers an invitation: the person joins when they accept it (nothing about them comes back).
      setInvited(answer && 'invitation' in answer && body.hasAccount === 'hasAccount' ? body.email : '');
      const employee = answer && 'employee' in answer ? answer.employee : undefined;
      setAdded(capitalize(employee?.nickname || employee?.fname));
      await qc.invalidateQueries({ queryKey: staffKeys.list(access.storeId) });
      await qc.invalidateQueries({ queryKey: staffKeys.invitations(access.storeId) });
      wizard.goTo(9, { remember: false });
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (hasCode(e, 'employeeExisted')) {
        await alert('Add Staff', EMPLOYEE_EXISTED_ALERT);
      } else if (hasCode(e, 'hasAccount')) {
        // The email of the No path has an account: the owner goes back and adds them with Yes.
        wizard.goTo(10);
      } else if (hasCode(e, 'notFound')) {
        setError({ field: 'email', message: e.message });
        wizard.goTo(7, { remember: false });
      } else if (e.field) {
        const page: Record<string, number> = { email: pinPage === 8 ? 7 : 3, username: 3, password: 3, fname: 4, lname: 4, nickname: 4, color: 5, PIN: pinPage };
        const field = e.field === 'username' ? 'email' : e.field;
        setError({ field, message: friendlyFieldMessage(field, e.message.replace(/^username: /, 'email: ')) });
        if (page[e.field] && page[e.field] !== wizard.page) {
          // The typed values stay in the wizard's state; the owner fixes the field and comes back here.
          if (e.field === 'username' || e.field === 'email' || e.field === 'password') setUseEmail(true);
          setReturnTo(wizard.page);
          wizard.goTo(page[e.field]);
        }
      } else setGeneral(e.message);
    } finally {
      setBusy(false);
    }
  };

  const createWithAccount = (p: PinValues) => {
    setPin(p);
    void create({ hasAccount: 'hasAccount', email: account.email.trim().toLowerCase(), storeId: access.storeId, ...(p.PIN ? { PIN: p.PIN } : {}) }, 8);
  };
  const createWithoutAccount = (p: PinValues) => {
    setPin(p);
    void create(
      {
        hasAccount: 'noAccount',
        nickname: name.nickname.trim() || name.fname.trim(),
        fname: name.fname.trim().toLowerCase(),
        lname: name.lname.trim().toLowerCase(),
        // The email and password make the staff member's own login.
        ...(useEmail && creds.email ? { username: creds.email.trim().toLowerCase(), password: creds.password } : {}),
        storeId: access.storeId,
        color: color.color.toLowerCase(),
        ...(p.PIN ? { PIN: p.PIN } : {}),
      },
      6,
    );
  };

  let body: ReactNode;
  switch (wizard.page) {
    case 1:
      body = (
        <Stack>
          <Text size="lg">Does the staff already have an account?</Text>
          <Group grow>
            <Button size="md" onClick={() => wizard.goTo(7)}>
              Yes
            </Button>
            <Button size="md" variant="default" onClick={() => wizard.goTo(4)}>
              No
            </Button>
          </Group>
        </Stack>
      );
      break;
    case 7:
      body = (
        <EmailPage
          values={account}
          error={error}
          onBack={back}
          onNext={(v) => {
            setAccount(v);
            setError(null);
            forward(8);
          }}
        />
      );
      break;
    case 8:
      body = <PinPage values={pin} error={error} submit="Create" loading={busy} onBack={back} onNext={createWithAccount} />;
      break;
    case 4:
      body = (
        <NamePage
          values={name}
          error={error}
          onBack={back}
          onNext={(v) => {
            setName(v);
            setError(null);
            forward(2);
          }}
        />
      );
      break;
    case 2:
      body = (
        <EmailQuestionPage
          onBack={back}
          onYes={() => {
            setUseEmail(true);
            wizard.goTo(3);
          }}
          onSkip={() => {
            setUseEmail(false);
            wizard.goTo(5);
          }}
        />
      );
      break;
    case 3:
      body = (
        <CredentialsPage
          values={creds}
          error={error}
          onBack={back}
          onNext={(v) => {
            setCreds(v);
            setError(null);
            forward(5);
          }}
        />
      );
      break;
    case 5:
      body = (
        <ColorPage
          values={color}
          onBack={back}
          onNext={(v) => {
            setColor(v);
            setError(null);
            forward(6);
          }}
        />
      );
      break;
    case 6:
      body = <PinPage values={pin} error={error} submit="Create Staff" loading={busy} onBack={back} onNext={createWithoutAccount} />;
      break;
    case 9:
      if (invited)
        return (
          <DonePanel
            title="Invitation sent"
            message={`We emailed an invitation to ${invited}. They join your staff once they accept it; until then they show as invited in your staff list.`}
            to="/staffs"
          />
        );
      return <DonePanel title="Congrats!!!" message={added ? `${added} has been added to your staff.` : 'The staff member has been added.'} to="/staffs" />;
    case 10:
      return (
        <Stack align="center" ta="center" py="xl" gap="md" role="status">
          <Title order={2}>Add Staff</Title>
          <Text size="lg" maw={460}>
            {HAS_ACCOUNT_TEXT}
          </Text>
          <Button
            onClick={() => {
              setError(null);
              // Choosing Yes next finds the email already filled in.
              setAccount({ email: creds.email.trim().toLowerCase() });
              wizard.reset();
            }}
          >
            Go back to step 1
          </Button>
        </Stack>
      );
  }

  const [step, of] = STEP[wizard.page] ?? [1, 1];
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="sm" c="dimmed" aria-live="polite">
          Step {step} of {of}
        </Text>
        <Progress value={(step / of) * 100} size="sm" aria-label={`Step ${step} of ${of}`} />
        <Title order={2} size="h3">
          {TITLES[wizard.page]}
        </Title>
      </Stack>
      {general && <ErrorState message={general} />}
      {body}
    </Stack>
  );
}

export default function AddStaffPage() {
  return (
    <Allowed rule="storeOwner" redirect="/staffs">
      <PeoplePage title="Add Staff" back={{ to: '/staffs', label: 'Staff' }} size="sm">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <AddStaffWizard />
        </Paper>
      </PeoplePage>
    </Allowed>
  );
}
