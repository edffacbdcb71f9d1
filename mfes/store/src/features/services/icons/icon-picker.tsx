import { Box, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import { ServiceIcon } from './service-icon';
import { SERVICE_ICONS } from './service-icon-set';

/**
 * The 67-icon picker: a radio group (arrow keys move, Space/Enter or a click choose). `value` is the icon
 * number as text.
 */
export function IconPicker({ value, onChange, label = 'Icon', error }: { value: string; onChange: (v: string) => void; label?: string; error?: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Number(value) || 0;
  const focusIndex = current >= 1 ? current - 1 : 0;
  const onKey = (e: KeyboardEvent, i: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const n = (i + step + SERVICE_ICONS.length) % SERVICE_ICONS.length;
    refs.current[n]?.focus();
    onChange(String(n + 1));
  };
  return (
    <Box>
      <Text fw={500} size="sm" id="icon-picker-label" mb={4}>
        {label}
      </Text>
      <SimpleGrid cols={{ base: 5, xs: 7, sm: 9 }} spacing={6} role="radiogroup" aria-labelledby="icon-picker-label" aria-invalid={error ? true : undefined}>
        {SERVICE_ICONS.map((icon, i) => {
          const n = String(i + 1);
          const checked = value === n;
          return (
            <UnstyledButton
              key={n}
              ref={(el) => {
                refs.current[i] = el;
              }}
              role="radio"
              aria-checked={checked}
              aria-label={`${icon.name} (icon ${n})`}
              title={icon.name}
              tabIndex={i === focusIndex ? 0 : -1}
              onClick={() => onChange(n)}
              onKeyDown={(e) => onKey(e, i)}
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                aspectRatio: '1',
                borderRadius: 8,
                border: checked ? '2px solid var(--mantine-color-blue-6)' : '1px solid var(--mantine-color-gray-3)',
                background: checked ? 'var(--mantine-color-blue-0)' : 'transparent',
                color: checked ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-gray-8)',
                minHeight: 44,
              }}
            >
              <ServiceIcon icon={n} size={26} />
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text c="red" size="sm" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
