import { Box } from '@mantine/core';
import type { CSSProperties } from 'react';

export type LocationOption = { id: number | string; name: string };

/**
 * Mantine's class names for a NativeSelect's parts (Input.classes, ComboboxChevron.classes; checked against
 * Mantine's own in location-switcher.test.tsx). The select is drawn with them, as NativeSelect draws it, without
 * NativeSelect and its Input (~5.5 KB gzip on every module route of a user with several locations).
 */
export const SELECT_CLASSES = { root: 'm_46b77525', wrapper: 'm_6c018570', input: 'm_8fb7ebe7', section: 'm_82577fc2', chevron: 'm_2943220b' };

/** The chevron NativeSelect draws in its right section (ComboboxChevron, size sm). */
function Chevron() {
  return (
    <svg className={`${SELECT_CLASSES.chevron} mantine-ComboboxChevron-chevron`} data-size="sm" data-combobox-chevron="true" viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style={{ '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)' } as CSSProperties}>
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

const WRAPPER_VARS = { '--input-height': 'var(--input-height-sm)', '--input-fz': 'var(--mantine-font-size-sm)', '--input-right-section-pointer-events': 'none' } as CSSProperties;

/** The switcher's select: the user's locations by name, the chosen one selected (a NativeSelect, size sm). */
export default function LocationSelect({ stores, currentId, onChoose }: { stores: LocationOption[]; currentId?: string; onChoose: (id: string) => void }) {
  return (
    <Box className={`${SELECT_CLASSES.root} mantine-InputWrapper-root mantine-NativeSelect-root`} data-size="sm" maw={{ base: 150, sm: 260 }} tt="none">
      <div className={`${SELECT_CLASSES.wrapper} mantine-Input-wrapper mantine-NativeSelect-wrapper`} data-variant="default" data-size="sm" data-pointer="true" data-with-right-section="true" style={WRAPPER_VARS}>
        <select className={`${SELECT_CLASSES.input} mantine-Input-input mantine-NativeSelect-input`} data-variant="default" aria-label="Location" value={currentId ?? ''} onChange={(e) => onChoose(e.currentTarget.value)}>
          {!currentId && (
            <option value="" disabled>
              Choose a location
            </option>
          )}
          {stores.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name.replace(/(?<=^|\s)\S/g, (c) => c.toUpperCase())}
            </option>
          ))}
        </select>
        <div data-position="right" className={`${SELECT_CLASSES.section} mantine-Input-section mantine-NativeSelect-section`}>
          <Chevron />
        </div>
      </div>
    </Box>
  );
}
