import { Stack, Switch, Title } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { StoreCard } from '../../page-frame/store-page';
import { SETTING_LABELS, type StoreSettings } from '../store-model';

/** The front desk's and the texts' on/off settings. */
export function StoreSwitchesCard({ settings, onChange }: { settings: StoreSettings; onChange: Dispatch<SetStateAction<StoreSettings>> }) {
  return (
    <StoreCard label="Store settings">
      <Title order={2} size="h4" mb="xs">
        Front desk and texts
      </Title>
      <Stack gap="sm">
        {(Object.keys(SETTING_LABELS) as (keyof StoreSettings)[]).map((k) => (
          <Switch
            key={k}
            label={SETTING_LABELS[k]}
            checked={settings[k]}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              onChange((s) => ({ ...s, [k]: checked }));
            }}
          />
        ))}
      </Stack>
    </StoreCard>
  );
}
