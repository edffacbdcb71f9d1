import { NativeSelect } from '@mantine/core';

export type LocationOption = { id: number | string; name: string };

/** The switcher's select: the user's locations by name, the chosen one selected. */
export default function LocationSelect({ stores, currentId, onChoose }: { stores: LocationOption[]; currentId?: string; onChoose: (id: string) => void }) {
  return (
    <NativeSelect
      aria-label="Location"
      size="sm"
      maw={{ base: 150, sm: 260 }}
      value={currentId ?? ''}
      onChange={(e) => onChoose(e.currentTarget.value)}
      data={[...(currentId ? [] : [{ value: '', label: 'Choose a location', disabled: true }]), ...stores.map((s) => ({ value: String(s.id), label: s.name.replace(/(?<=^|\s)\S/g, (c) => c.toUpperCase()) }))]}
      tt="none"
    />
  );
}
