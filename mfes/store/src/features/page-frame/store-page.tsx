import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useScrollToTop } from '@turnbook/web-kit/ui';

/**
 * Page chrome of the store, service and account screens: an optional back link, the title, an optional
 * action area on the right, then the content. Narrow by default (forms), wide for lists.
 */
export function StorePage({
  title,
  children,
  back,
  actions,
  size = 'sm',
  capitalize = false,
}: {
  title: ReactNode;
  children: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  /** xl: a wide table (reports) that should fit a laptop screen without scrolling sideways */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Capitalise the title (store names are stored lower-cased). */
  capitalize?: boolean;
}) {
  const width = size === 'sm' ? 640 : size === 'md' ? 860 : size === 'lg' ? 1100 : 1400;
  return (
    <Container size={width} px={{ base: 'xs', sm: 'md' }} py="md">
      <Stack gap="md">
        {back && (
          <Anchor component={Link} to={back.to} size="sm">
            ← {back.label}
          </Anchor>
        )}
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={1} size="h2" tt={capitalize ? 'capitalize' : undefined}>
            {title}
          </Title>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/** A bordered card around a form or a detail block. */
export function StoreCard({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} shadow="xs" component="section" aria-label={label}>
      {children}
    </Paper>
  );
}

/** The result page of an update or delete: 'Updated!' / 'Deleted!' / 'Success.' with a Done button. */
export function ResultCard({ title, message, doneTo, doneLabel = 'Done' }: { title: string; message?: ReactNode; doneTo: string; doneLabel?: string }) {
  useScrollToTop();
  return (
    <Container size={480} px="md" py="xl">
      <Paper withBorder radius="lg" p="xl" shadow="sm">
        <Stack align="center" ta="center" role="status" aria-live="polite">
          <Title order={1} size="h2">
            {title}
          </Title>
          {message && <Text c="dimmed">{message}</Text>}
          <Button component={Link} to={doneTo} size="md" miw={140}>
            {doneLabel}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
