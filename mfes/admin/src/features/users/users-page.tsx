import type { PublicUser } from '@turnbook/contracts/schemas/identity';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api, isNotAvailable } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AdminPage } from '../page-frame/admin-page';
import { versionColor } from './version-color';
import { fullName } from '@turnbook/domain/text/names';

/** A user as identity answers it. */
export type AdminUser = PublicUser;


function VersionBadge({ version, current }: { version?: string | null; current?: string }) {
  const color = versionColor(version, current);
  return (
    <Badge color={color} data-color={color} variant="light" aria-label={`App version ${version || 'none'}, ${color === 'green' ? 'up to date' : 'outdated'}`}>
      {version || '—'}
    </Badge>
  );
}

/** /admin-users: all users with their app version against the current setting (docs/product/README.md). */
export default function UsersPage() {
  const users = useQuery({ queryKey: ['admin', 'users'], queryFn: () => api.get('GET getAllUsers') });
  const settings = useQuery({ queryKey: ['admin', 'settings'], queryFn: () => api.get('GET getSettings') });
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const current = settings.data?.app_version;

  let content;
  if (users.isPending) content = <LoadingState label="Loading users…" />;
  else if (users.isError)
    content = isNotAvailable(users.error) ? <NotAvailable what="The user list" onRetry={() => users.refetch()} /> : <ErrorState message={users.error.message} onRetry={() => users.refetch()} />;
  else if (!users.data?.users?.length) content = <EmptyState />;
  else
    content = (
      <Table.ScrollContainer minWidth={340}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">ID</Table.Th>
              <Table.Th scope="col">Name</Table.Th>
              {/* Phones show email and phone in the details modal instead. */}
              <Table.Th scope="col" visibleFrom="sm">
                Email
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                Phone
              </Table.Th>
              <Table.Th scope="col">App version</Table.Th>
              <Table.Th scope="col">
                <span className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  Details
                </span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>{u.id}</Table.Td>
                <Table.Td>{fullName(u)}</Table.Td>
                <Table.Td visibleFrom="sm">{u.email}</Table.Td>
                <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                  {u.phone ? formatPhone(u.phone) : ''}
                </Table.Td>
                <Table.Td>
                  <VersionBadge version={u.app_version} current={current} />
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => setSelected(u)} aria-label={`Details of ${fullName(u) || `user ${u.id}`}`}>
                    Details
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <AdminPage title="Users">
      {current && (
        <Text size="sm" c="dimmed">
          Current app version: <strong>{current}</strong>
        </Text>
      )}
      {content}
      <Modal opened={selected !== null} onClose={() => setSelected(null)} title="User details" centered>
        {selected && (
          <Stack gap="xs">
            <Text>
              <strong>ID:</strong> {selected.id}
            </Text>
            <Text>
              <strong>Name:</strong> {fullName(selected)}
            </Text>
            <Text>
              <strong>Email:</strong> {selected.email}
            </Text>
            <Text>
              <strong>Phone:</strong> {selected.phone ? formatPhone(selected.phone) : ''}
            </Text>
            {selected.role && (
              <Text>
                <strong>Role:</strong> {selected.role}
              </Text>
            )}
            <Group gap="xs">
              <strong>App version:</strong> <VersionBadge version={selected.app_version} current={current} />
            </Group>
            <Group justify="flex-end" mt="sm">
              <Anchor component={Link} to={`/users/edit/${selected.id}`}>
                Edit
              </Anchor>
            </Group>
          </Stack>
        )}
      </Modal>
    </AdminPage>
  );
}
