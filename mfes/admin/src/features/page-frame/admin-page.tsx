import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Page chrome of the admin screens: a back link to the dashboard and the title. */
export function AdminPage({ title, children, back = true }: { title: string; children: ReactNode; back?: boolean }) {
  return (
    <Container size="lg" px={0}>
      <Stack gap="md">
        {back && (
          <Group>
            <Anchor component={Link} to="/admin-dashboard" size="sm">
              ← Back to Admin Dashboard
            </Anchor>
          </Group>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}
