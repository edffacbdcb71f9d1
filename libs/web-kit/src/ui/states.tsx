import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
// Styles of the components used here, so a state shows styled before the whole sheet arrives (ui-providers).
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import type { ReactNode } from 'react';
import { isApiError, isNotAvailable } from '../api/api-error';

/** Loading placeholder with a label screen readers announce. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** The spec's empty lists: 'No data' (also 'No request', 'No customer'). */
export function EmptyState({ children = 'No data' }: { children?: ReactNode }) {
  return (
    <Center py="lg">
      <Text c="dimmed" fw={500}>
        {children}
      </Text>
    </Center>
  );
}

export function ErrorState({ message, onRetry }: { message: ReactNode; onRetry?: () => void }) {
  return (
    <Alert color="red" title="Something went wrong" role="alert" my="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * For a screen whose data cannot be had just now: its service restarting or rolled, its database not
 * answering, no connection. Says so and offers to try again: the user is never left on a blank page or
 * told the part does not exist.
 */
export function NotAvailable({ what = 'This page', title, children, onRetry }: { what?: string; title?: string; children?: ReactNode; onRetry: () => void }) {
  return (
    <Center py={48} px="md">
      <Stack align="center" gap="sm" maw={480} ta="center" role="status">
        <Title order={2}>{title ?? `${what} cannot be shown just now`}</Title>
        <Text c="dimmed">{children ?? 'Please try again in a moment.'}</Text>
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * A read that failed, said the one way for each cause: nobody could answer just now (NotAvailable, Try
 * again), the record does not exist (a 404: `notFound`), or another refusal (ErrorState with `message`, else
 * the answer's own).
 */
export function ReadFailed({ error, what, notFound, message, onRetry }: { error: unknown; what: string; notFound: ReactNode; message?: string; onRetry: () => void }) {
  if (isNotAvailable(error)) return <NotAvailable what={what} onRetry={onRetry} />;
  if (isApiError(error) && error.status === 404) return <>{notFound}</>;
  return <ErrorState message={message ?? (error instanceof Error ? error.message : String(error))} onRetry={onRetry} />;
}

/**
 * What a link leads to does not exist (a mistyped or old address, a store or customer not among the
 * user's): by default in the shell's words for an unknown page. Trying again would change nothing.
 */
export function PageNotFound({ title = 'Page not found', children = 'The page you are looking for does not exist.' }: { title?: string; children?: ReactNode }) {
  return (
    <Center py={48} px="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{children}</Text>
      </Stack>
    </Center>
  );
}
