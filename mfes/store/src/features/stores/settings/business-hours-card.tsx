import { Select, Title } from '@mantine/core';
import { useFormContext } from '@turnbook/web-kit/forms';
import { Controller } from 'react-hook-form';
import { StoreCard } from '../../page-frame/store-page';
import { HoursEditor } from '../hours-editor';
import { timeZoneOptions, type HoursState } from '../store-model';
import type { EditStoreValues } from '../store-schema';

/** The week's hours (kept beside the form) and the form's time zone. */
export function BusinessHoursCard({ hours, onHoursChange }: { hours: HoursState; onHoursChange: (hours: HoursState) => void }) {
  const { control } = useFormContext<EditStoreValues>();
  return (
    <StoreCard label="Business hours">
      <Title order={2} size="h4" mb="xs">
        Business hours
      </Title>
      <HoursEditor value={hours} onChange={onHoursChange} toggle="closed" />
      <Controller
        control={control}
        name="timezone"
        render={({ field, fieldState }) => (
          <Select
            mt="md"
            label="Time zone"
            description="Appointments and business hours are in this zone."
            data={timeZoneOptions(field.value)}
            value={field.value ?? null}
            onChange={(v) => v && field.onChange(v)}
            searchable
            allowDeselect={false}
            limit={60}
            nothingFoundMessage="No such time zone"
            error={fieldState.error?.message}
          />
        )}
      />
    </StoreCard>
  );
}
