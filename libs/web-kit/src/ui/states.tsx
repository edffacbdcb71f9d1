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

/** For a screen whose module or service is not deployed yet: never a blank page. */
export function NotAvailable({ what = 'This page', title, children, onRetry }: { what?: string; title?: string; children?: ReactNode; onRetry?: () => void }) {
  return (
    <Center py={48} px="md">
      <Stack align="center" gap="sm" maw={480} ta="center" role="status">
        <Title order={2}>{title ?? `${what} is not available yet`}</Title>
        <Text c="dimmed">{children ?? 'We are still building this part of Turnbook. Please check back soon.'}</Text>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Center>
  );
}
