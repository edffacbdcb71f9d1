import { ColorInput, Group, NumberInput, Switch } from '@mantine/core';
import { useFormContext } from '@turnbook/web-kit/forms';
import { Controller } from 'react-hook-form';
import { IconPicker } from '../icons/icon-picker';
import { INTERNAL_TEXT } from '../service-model';
import type { ServiceEditValues } from './service-edit-schema';

const SWATCHES = ['#f9f9fa', '#f8bbd0', '#f48fb1', '#b3e5fc', '#81d4fa', '#d1c4e9', '#c8e6c9', '#fff9c4', '#ffe0b2', '#ffccbc'];

/** Price, duration, colour, Internal and icon: the service settings' fields after its name. */
export function ServiceFields() {
  const { control } = useFormContext<ServiceEditValues>();
  return (
    <>
      <Group grow align="flex-start">
        <Controller
          control={control}
          name="price"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Price($)"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              value={field.value as number | string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              hideControls
              inputMode="decimal"
            />
          )}
        />
        <Controller
          control={control}
          name="duration"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Duration (minutes)"
              min={1}
              max={1440}
              allowDecimal={false}
              value={field.value as number | string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              inputMode="numeric"
              required
            />
          )}
        />
      </Group>
      <Controller
        control={control}
        name="color"
        render={({ field, fieldState }) => (
          <ColorInput
            label="Colour"
            description="Hex code; the swatch shows the card colour."
            format="hex"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            swatches={SWATCHES}
          />
        )}
      />
      <Controller
        control={control}
        name="internal"
        render={({ field }) => (
          <Switch label="Internal" description={INTERNAL_TEXT} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} />
        )}
      />
      <Controller
        control={control}
        name="icon"
        render={({ field, fieldState }) => <IconPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
    </>
  );
}
