import { Anchor, Badge, Checkbox, Group, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Customer } from '@turnbook/contracts/schemas/customers';
import { formatPhone } from '@turnbook/domain';
import { api } from '@turnbook/web-kit';
import { PhoneField, TextField } from '@turnbook/web-kit/forms';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { fullName } from '@turnbook/domain/text/names';

/** The spec's typing delay before a customer search. */
export const SEARCH_DELAY_MS = 500;

export type PickedCustomer = Pick<Customer, 'id' | 'fname' | 'lname' | 'phone'>;

export const customerName = (c: Pick<Customer, 'fname' | 'lname'>) => fullName(c);

const searchKey = (storeId: number, ...parts: (string | number)[]) => [...calendarKeys.store(storeId), 'customer-search', ...parts] as const;

/** Found customers: banned ones are listed (so staff know why) but cannot be picked. */
export function CustomerResults({ customers, selectedId, onSelect, label }: { customers: (Customer & { matchedBy?: string })[]; selectedId: number | null; onSelect: (c: Customer) => void; label: string }) {
  if (customers.length === 0) return null;
  return (
    <Radio.Group label={label} value={selectedId ? String(selectedId) : null} onChange={(v) => onSelect(customers.find((c) => String(c.id) === v)!)}>
      <Stack gap={6} mt={6}>
        {customers.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap">
            <Radio
              value={String(c.id)}
              disabled={c.banned}
              label={
                <Group gap={6}>
                  <Text span tt="capitalize">
                    {customerName(c)}
                  </Text>
                  <Text span c="dimmed" size="sm">
                    #{c.id} {c.phone ? formatPhone(c.phone) : ''}
                  </Text>
                  {c.matchedBy && (
                    <Badge color="gray" variant="light">
                      same {c.matchedBy}
                    </Badge>
                  )}
                  {c.banned && (
                    <Badge color="red" variant="light">
                      banned
                    </Badge>
                  )}
                </Group>
              }
            />
            <Anchor href={`/customer/${c.id}`} target="_blank" size="sm" aria-label={`History of ${customerName(c)}`}>
              History
            </Anchor>
          </Group>
        ))}
      </Stack>
    </Radio.Group>
  );
}

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

/**
 * What the new-customer page searches while typing: people with that name (first and last name, whichever
 * are typed) and, once the phone has its 10 digits, people with that phone, as two searches, so a known
 * name with a new phone (or a known phone under another name) is still listed: a same-name customer is
 * never created without the 'create anyway' choice. Those matching both come first. All empty clears it.
 */
export function useNameAndPhoneSearch(storeId: number, fname: string, lname: string, phone: string) {
  const [parts] = useDebouncedValue({ fname: fname.trim(), lname: lname.trim(), phone: phone.replace(/\D/g, '') }, SEARCH_DELAY_MS);
  const byName = !!(parts.fname || parts.lname);
  const byPhone = parts.phone.length === 10;
  const search = (first: string, last: string, digits: string) => async () =>
    (
      await api.get('GET searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}', { storeId, fname: first || 'null', lname: last || 'null', phone: digits || 'null' })
    ).customers;
  const named = useQuery({ queryKey: searchKey(storeId, 'name', parts.fname, parts.lname), enabled: byName, queryFn: search(parts.fname, parts.lname, '') });
  const phoned = useQuery({ queryKey: searchKey(storeId, 'phone', parts.phone), enabled: byPhone, queryFn: search('', '', parts.phone) });
  return useMemo(() => matchesOf(byName ? named.data ?? [] : [], byPhone ? phoned.data ?? [] : []), [byName, byPhone, named.data, phoned.data]);
}

export type Match = Customer & { matchedBy: 'name and phone' | 'name' | 'phone' };

/** One list of the two searches' answers: each customer once, those found by both first. */
export function matchesOf(byName: Customer[], byPhone: Customer[]): Match[] {
  const phoneIds = new Set(byPhone.map((c) => c.id));
  const nameIds = new Set(byName.map((c) => c.id));
  return [
    ...byName.filter((c) => phoneIds.has(c.id)).map((c) => ({ ...c, matchedBy: 'name and phone' as const })),
    ...byName.filter((c) => !phoneIds.has(c.id)).map((c) => ({ ...c, matchedBy: 'name' as const })),
    ...byPhone.filter((c) => !nameIds.has(c.id)).map((c) => ({ ...c, matchedBy: 'phone' as const })),
  ];
}

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
