import { MESSAGES } from '@turnbook/contracts/errors/index';
import { Alert, Anchor, Button, Progress, Stack, Text, Title } from '@mantine/core';
import { api, isApiError, useWizard } from '@turnbook/web-kit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard } from '../auth-card';
import { AccountPage, PersonalPage, UserTypePage } from './register-pages';
import { registerPayload } from './register-payload';
import { type AccountValues, type PersonalValues, type UserTypeValues } from './register-schemas';

const TITLES: Record<number, string> = { 1: 'Create your account', 2: 'About you', 3: 'How will you use Turnbook?' };

/** Registration: page 1 credentials, 2 personal data, 3 user type, 4 success (docs/product/statuses.md–5). */
export default function RegisterPage() {
  const wizard = useWizard(1);
  const [account, setAccount] = useState<AccountValues>({ email: '', password: '', password_confirmation: '' });
  const [personal, setPersonal] = useState<PersonalValues>({ fname: '', lname: '', phone: '' });
  const [userType, setUserType] = useState<UserTypeValues>({ role: '' });
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (t: UserTypeValues) => {
    setUserType(t);
    setSubmitting(true);
    setGeneralError(null);
    try {
      await api.post('POST register', registerPayload(account, personal, t));
      wizard.goTo(4, { remember: false });
    } catch (e) {
      // A failed submit returns to page 1 with the server's error on its field (docs/product/statuses.md: 'This email
      // already existed'); a server we cannot reach gets a general message instead of a false email claim.
      const onPage1 = ['email', 'password', 'password_confirmation'];
      if (isApiError(e) && e.status >= 400 && e.status < 500) {
        const field = e.field && onPage1.includes(e.field) ? e.field : 'email';
        setServerError({ field, message: e.status === 409 || !e.message ? MESSAGES.emailExists : e.message });
      } else {
        setGeneralError('We could not create your account right now. Please try again in a moment.');
      }
      wizard.reset();
    } finally {
      setSubmitting(false);
    }
  };

  if (wizard.page === 4) {
    return (
      <AuthCard>
        <Stack align="center" ta="center" role="status">
          <Title order={1} size="h2">
            Thank you for signing up!
          </Title>
          <Text>
            We sent a verification link to <strong>{account.email.toLowerCase()}</strong>. Please check your inbox and
            click the link before your first login.
          </Text>
          <Button component={Link} to="/login">
            Go to Login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <Stack gap={6} mb="md">
        <Text size="sm" c="dimmed" aria-live="polite">
          Step {wizard.page} of 3
        </Text>
        <Progress value={(wizard.page / 3) * 100} size="sm" aria-label={`Step ${wizard.page} of 3`} />
        <Title order={1} size="h2">
          {TITLES[wizard.page]}
        </Title>
      </Stack>
      {generalError && wizard.page === 1 && (
        <Alert color="red" role="alert" mb="md">
          {generalError}
        </Alert>
      )}
      {wizard.page === 1 && (
        <AccountPage
          key={`account-${serverError?.message ?? ''}`}
          values={account}
          serverError={serverError}
          onNext={(v) => {
            setAccount(v);
            setServerError(null);
            wizard.next();
          }}
        />
      )}
      {wizard.page === 2 && (
        <PersonalPage
          values={personal}
          onBack={(v) => {
            setPersonal(v);
            wizard.back();
          }}
          onNext={(v) => {
            setPersonal(v);
            wizard.next();
          }}
        />
      )}
      {wizard.page === 3 && (
        <UserTypePage
          values={userType}
          loading={submitting}
          onBack={(v) => {
            setUserType(v);
            wizard.back();
          }}
          onNext={submit}
        />
      )}
      <Text size="sm" ta="center" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
