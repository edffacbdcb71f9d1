import { ColorInput, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useZodForm } from '@turnbook/web-kit/forms';
import { Controller } from 'react-hook-form';
import { colorSchema, type ColorValues } from '../add-staff-schemas';
import { WizardNav } from './wizard-nav';

const SWATCHES = ['#00bcd4', '#e91e63', '#9c27b0', '#3f51b5', '#2196f3', '#009688', '#4caf50', '#ff9800', '#ff5722', '#795548', '#607d8b', '#f44336'];

/** Page 5 (No path): the colour of the staff member's appointments, typed or picked from swatches. */
export function ColorStep({ values, onBack, onNext }: { values: ColorValues; onBack: () => void; onNext: (v: ColorValues) => void }) {
  const form = useZodForm(colorSchema, { defaultValues: values });
  return (
    <form onSubmit={form.handleSubmit((v) => onNext(v as ColorValues))} noValidate aria-label="Staff colour">
      <Stack>
        <Text>Pick a colour for this staff member's appointments.</Text>
        <Controller
          control={form.control}
          name="color"
          render={({ field, fieldState }) => (
            <ColorInput
              label="Colour"
              format="hex"
              swatches={SWATCHES}
              swatchesPerRow={6}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              withEyeDropper={false}
            />
          )}
        />
        <Controller
          control={form.control}
          name="color"
          render={({ field }) => (
            <Group gap="xs" role="group" aria-label="Colour choices">
              {SWATCHES.map((c) => (
                <ColorSwatch
                  key={c}
                  component="button"
                  type="button"
                  color={c}
                  size={32}
                  onClick={() => field.onChange(c)}
                  aria-label={`Colour ${c}`}
                  aria-pressed={field.value?.toLowerCase() === c}
                  style={{ cursor: 'pointer', outline: field.value?.toLowerCase() === c ? '3px solid var(--mantine-color-dark-3)' : undefined, outlineOffset: 2 }}
                />
              ))}
            </Group>
          )}
        />
        <WizardNav onBack={onBack} />
      </Stack>
    </form>
  );
}
