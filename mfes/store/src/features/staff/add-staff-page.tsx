import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { ErrorState } from '@turnbook/web-kit/ui';
import type { ReactNode } from 'react';
import { STEP, TITLES } from './add-staff/add-staff-model';
import { ColorStep } from './add-staff/color-step';
import { CredentialsStep } from './add-staff/credentials-step';
import { EmailStep } from './add-staff/email-step';
import { NameStep } from './add-staff/name-step';
import { PinStep } from './add-staff/pin-step';
import { EmailQuestion, HasAccountAnswer, HasAccountQuestion } from './add-staff/question-steps';
import { useAddStaff } from './add-staff/use-add-staff';
import { Allowed, DonePanel, PeoplePage } from './ui';

/**
 * /staffs/create, the add-staff wizard of docs/product/statuses.md: 1 'does the staff already have an account?';
 * Yes: 7 email, 8 PIN, Create; No: 4 name, 2 email question, 3 email and password, 5 colour, 6 PIN,
 * Create Staff; 9 'Congrats!!!'; 10 'has account'.
 */
export function AddStaffWizard() {
  const { wizard, draft, edit, error, general, busy, added, invited, accept, back, createWithAccount, createWithoutAccount, restart } = useAddStaff();
  let body: ReactNode;
  switch (wizard.page) {
    case 1:
      body = <HasAccountQuestion onYes={() => wizard.goTo(7)} onNo={() => wizard.goTo(4)} />;
      break;
    case 7:
      body = <EmailStep values={draft.account} error={error} onBack={back} onNext={(account) => accept({ account }, 8)} />;
      break;
    case 8:
      body = <PinStep values={draft.pin} error={error} submit="Create" loading={busy} onBack={back} onNext={createWithAccount} />;
      break;
    case 4:
      body = <NameStep values={draft.name} error={error} onBack={back} onNext={(name) => accept({ name }, 2)} />;
      break;
    case 2:
      body = (
        <EmailQuestion
          onBack={back}
          onYes={() => {
            edit({ useEmail: true });
            wizard.goTo(3);
          }}
          onSkip={() => {
            edit({ useEmail: false });
            wizard.goTo(5);
          }}
        />
      );
      break;
    case 3:
      body = <CredentialsStep values={draft.creds} error={error} onBack={back} onNext={(creds) => accept({ creds }, 5)} />;
      break;
    case 5:
      body = <ColorStep values={draft.color} onBack={back} onNext={(color) => accept({ color }, 6)} />;
      break;
    case 6:
      body = <PinStep values={draft.pin} error={error} submit="Create Staff" loading={busy} onBack={back} onNext={createWithoutAccount} />;
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
      return <HasAccountAnswer onRestart={restart} />;
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
