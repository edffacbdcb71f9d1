import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { searchKey, SEARCH_DELAY_MS, type PickedCustomer } from './customer-pick';
import { CustomerResults } from './customer-results';

/** Page 4 (and 8 for a group's contact): search by customer number, or by name, phone or email. */
export function CustomerSearch({ storeId, selected, onSelect, by, onByChange, text, onTextChange }: {
  storeId: number;
  selected: PickedCustomer | null;
  onSelect: (c: PickedCustomer) => void;
  by: 'number' | 'key';
  onByChange: (by: 'number' | 'key') => void;
  text: string;
  onTextChange: (t: string) => void;
}) {
  const [typed] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const number = Number(typed);
  const byNumber = by === 'number' && Number.isInteger(number) && number > 0;
  const results = useQuery({
    queryKey: searchKey(storeId, by, typed),
    enabled: by === 'number' ? byNumber : typed.length > 0,
    queryFn: async () =>
      byNumber
        ? (await api.get('GET searchCustomerById/{storeId}/{id}', { storeId, id: number })).customers
        : (await api.get('GET searchCustomer/{storeId}/{key}', { storeId, key: typed })).customers,
  });
  const list = typed ? results.data ?? [] : [];
  return (
    <Stack>
      <SegmentedControl
        aria-label="Search by"
        value={by}
        onChange={(v) => onByChange(v as 'number' | 'key')}
        data={[
          { value: 'key', label: 'Name, phone or email' },
          { value: 'number', label: 'Customer number' },
        ]}
      />
      <TextInput
        label={by === 'number' ? 'Customer number' : 'Name, phone or email'}
        inputMode={by === 'number' ? 'numeric' : undefined}
        value={text}
        onChange={(e) => onTextChange(e.currentTarget.value)}
        data-autofocus
      />
      {typed && results.isSuccess && list.length === 0 && <Text c="dimmed">No customer found</Text>}
      <CustomerResults customers={list} selectedId={selected?.id ?? null} onSelect={onSelect} label="Customers found" />
    </Stack>
  );
}
