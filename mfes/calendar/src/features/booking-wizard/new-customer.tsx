import { Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { api } from '@turnbook/web-kit';
import { PhoneField, TextField } from '@turnbook/web-kit/forms';
import type { Match, PickedCustomer } from './customer-pick';
import { CustomerResults } from './customer-results';

/** Page 5 (and 9): a new customer's name and phone, with the matching customers found while typing. */
export function NewCustomer({ results, selected, onSelect, createAnyway, onCreateAnyway, storeId }: {
  storeId: number;
  results: Match[];
  selected: PickedCustomer | null;
  onSelect: (c: PickedCustomer | null) => void;
  createAnyway: boolean;
  onCreateAnyway: (v: boolean) => void;
}) {
  return (
    <Stack>
      <Group grow align="flex-start">
        <TextField name="fname" label="First name" autoComplete="off" data-autofocus />
        <TextField name="lname" label="Last name" autoComplete="off" />
      </Group>
      <PhoneField name="phone" label="Phone" />
      <CustomerById storeId={storeId} onSelect={onSelect} />
      <CustomerResults customers={results} selectedId={selected?.id ?? null} onSelect={onSelect} label="Existing customers with this name or phone" />
      {results.length > 0 && (
        <Checkbox label="None of these: create a new customer anyway" checked={createAnyway} onChange={(e) => onCreateAnyway(e.currentTarget.checked)} />
      )}
    </Stack>
  );
}

/** The new-customer page's 'search by ID': a customer number typed picks that customer if found. */
function CustomerById({ storeId, onSelect }: { storeId: number; onSelect: (c: PickedCustomer | null) => void }) {
  return (
    <TextInput
      label="Or search by customer number"
      inputMode="numeric"
      onKeyDown={async (e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        const id = Number(e.currentTarget.value);
        if (!Number.isInteger(id) || id <= 0) return;
        const found = (await api.get('GET searchCustomerById/{storeId}/{id}', { storeId, id })).customers.find((c) => !c.banned);
        onSelect(found ?? null);
      }}
      description="Press Enter to search"
    />
  );
}
