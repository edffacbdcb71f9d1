import { Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { MergeBar } from './merge-bar';
import type { CustomerMerge } from './use-customer-merge';

export type SearchFields = { fname: string; lname: string; phone: string };

/** The search form (first name, last name, phone; Reset), and for the owner the merge switch and bar. */
export function CustomerSearchCard({ fields, onChange, isOwner, merge }: { fields: SearchFields; onChange: (fields: SearchFields) => void; isOwner: boolean; merge: CustomerMerge }) {
  const set = (part: Partial<SearchFields>) => onChange({ ...fields, ...part });
  return (
    <Card withBorder radius="md" padding="md" component="form" role="search" aria-label="Search customers" onSubmit={(e) => e.preventDefault()}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="First name" value={fields.fname} onChange={(e) => set({ fname: e.currentTarget.value })} autoComplete="off" maxLength={100} />
          <TextInput label="Last name" value={fields.lname} onChange={(e) => set({ lname: e.currentTarget.value })} autoComplete="off" maxLength={100} />
          <TextInput label="Phone" type="tel" inputMode="tel" value={fields.phone} onChange={(e) => set({ phone: e.currentTarget.value })} autoComplete="off" maxLength={20} />
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={() => onChange({ fname: '', lname: '', phone: '' })}>
            Reset
          </Button>
          {isOwner && <Switch label="Merge customers" checked={merge.merge} onChange={(e) => merge.setMode(e.currentTarget.checked)} />}
        </Group>
        {merge.merge && <MergeBar merge={merge} />}
        {merge.merged && (
          <Text size="sm" c="green.8" role="status">
            {merge.merged}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
