import { Card, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AdminPage } from '../page-frame/admin-page';

const TILES = [
  { label: 'Stores', to: '/admin-stores', text: 'Every store on the platform', icon: 'M3 10l2-6h14l2 6M4 10h16v10H4zM9 20v-5h6v5' },
  { label: 'Users', to: '/admin-users', text: 'Every user and their app version', icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0' },
  { label: 'Subscriptions', to: '/admin-subscriptions', text: 'Plans and billing periods per store', icon: 'M3 6h18v12H3zM3 10h18M7 15h4' },
  { label: 'Tools', to: '/admin-settings', text: 'App version notice, appointment migration', icon: 'M14 6l4 4-9 9H5v-4zM16 4l4 4' },
];

/** /admin-dashboard: tiles to Stores, Users, Subscriptions and Tools (docs/product/README.md). */
export default function DashboardPage() {
  return (
    <AdminPage title="Admin Dashboard" back={false}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {TILES.map((t) => (
          <UnstyledButton key={t.to} component={Link} to={t.to}>
            <Card withBorder padding="lg" radius="md" h="100%" style={{ transition: 'box-shadow 120ms' }} shadow="xs">
              <ThemeIcon size={48} radius="md" variant="light" mb="sm" aria-hidden>
                <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round">
                  <path d={t.icon} />
                </svg>
              </ThemeIcon>
              <Text fw={700} size="lg">
                {t.label}
              </Text>
              <Text c="dimmed" size="sm">
                {t.text}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </AdminPage>
  );
}
