import { Anchor, Badge, Table, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, isNotAvailable } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { Link } from 'react-router-dom';
import { AdminPage } from '../page-frame/admin-page';
import { displayName } from '@turnbook/domain/text/names';

/** /admin-stores: every store with id, name, optional email, status, owner id and its calendar (docs/product/README.md). */
export default function StoresPage() {
  const stores = useQuery({ queryKey: ['admin', 'stores'], queryFn: () => api.get('GET getAllStores') });
  let content;
  if (stores.isPending) content = <LoadingState label="Loading stores…" />;
  else if (stores.isError)
    content = isNotAvailable(stores.error) ? <NotAvailable what="The store list" onRetry={() => stores.refetch()} /> : <ErrorState message={stores.error.message} onRetry={() => stores.refetch()} />;
  else if (!stores.data?.stores?.length) content = <EmptyState />;
  else
    content = (
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Stores">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">ID</Table.Th>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Owner ID</Table.Th>
              <Table.Th scope="col">Calendar</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stores.data.stores.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.id}</Table.Td>
                <Table.Td>{displayName(s.name)}</Table.Td>
                <Table.Td>{s.email || ''}</Table.Td>
                <Table.Td>{s.status ? <Badge variant="light">{s.status}</Badge> : ''}</Table.Td>
                <Table.Td>{s.ownerId}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/calendar/${s.permalink}`}>
                    {/* The name includes the visible path (WCAG 2.5.3). */}
                    <VisuallyHidden component="span">Calendar of {s.name}: </VisuallyHidden>
                    /calendar/{s.permalink}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return <AdminPage title="Stores">{content}</AdminPage>;
}
