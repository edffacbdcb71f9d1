import { Alert, Anchor, Radio, SimpleGrid, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { paidPlanNamed } from '@turnbook/domain';
import { useFormContext } from '@turnbook/web-kit/forms';
import { Controller } from 'react-hook-form';
import type { BillingValues } from './billing-form';
import { dollars, type fetchPlans } from './subscription-model';

/** The plans to choose from (loading, a problem with Try again, or none yet), side by side with what each includes. */
export function PlanChoice({ plans }: { plans: UseQueryResult<Awaited<ReturnType<typeof fetchPlans>>> }) {
  const { control } = useFormContext<BillingValues>();
  if (plans.isPending) return <Text c="dimmed">Loading the plans…</Text>;
  if (plans.isError)
    return (
      <Alert color="red" role="alert">
        The plans could not be loaded.{' '}
        <Anchor component="button" type="button" onClick={() => void plans.refetch()}>
          Try again
        </Anchor>
      </Alert>
    );
  if (plans.data.length === 0) return <Text c="dimmed">No plan is available yet.</Text>;
  return (
    <Controller
      control={control}
      name="packageId"
      render={({ field, fieldState }) => (
        <Radio.Group label="Plan" required value={field.value} onChange={field.onChange} error={fieldState.error?.message}>
          {/* The plans side by side, each with what it includes. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
            {plans.data.map((p) => (
              <Radio key={p.id} value={p.id} label={`${p.product_name} — ${dollars(p.price)} per month`} description={paidPlanNamed(p.product_name)?.includes.join(' · ')} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
    />
  );
}
