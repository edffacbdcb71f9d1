import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { StoreCard } from '../page-frame/store-page';
import { PlansSideBySide } from './plans-side-by-side';
import { dateMDY, dollars, fetchStaff, freeTierNote, isActive, isFreePlan, realStaffCount, statusOf, subscriptionKeys, type Package } from './subscription-model';

const CONTACT_EMAIL = 'support@turnbook.app';

function CancelNote() {
  return (
    <Text size="sm" c="dimmed">
      To cancel your subscription, please{' '}
      <Anchor href={`mailto:${CONTACT_EMAIL}`} underline="always" style={{ textDecoration: 'underline' }}>
        contact us
      </Anchor>
      .
    </Text>
  );
}

/** The store's plan and status, the plans side by side, and the way to choose a paid plan at any staff count. */
export function PlanCard({ storeId, pkg, onSubscribe }: { storeId: number; pkg: Package | undefined; onSubscribe: () => void }) {
  const staff = useQuery({ queryKey: subscriptionKeys.staff(storeId), queryFn: () => fetchStaff(storeId) });
  const active = isActive(pkg);
  const free = isFreePlan(pkg);
  const note = staff.data ? freeTierNote(realStaffCount(staff.data), active) : null;
  return (
    <StoreCard label="Plan">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Plan
        </Title>
        <Text>
          {pkg?.product || 'No plan'}
          {pkg && pkg.price > 0 ? ` — ${dollars(pkg.price)} per month` : ''}
        </Text>
        <Group gap="xs">
          <Text>Status:</Text>
          <Badge color={active ? 'green' : 'gray'} variant="light" data-testid="subscription-status">
            {statusOf(pkg)}
          </Badge>
        </Group>
        {note && <Alert color="blue">{note}</Alert>}
        {active && !free && pkg?.current_period_end ? <Text>Next billing date: {dateMDY(pkg.current_period_end)}</Text> : null}
        {active && !free ? <CancelNote /> : null}
        <PlansSideBySide current={pkg?.product || undefined} />
        {!active || free ? (
          <Group>
            <Button onClick={onSubscribe}>{free ? 'Choose a paid plan' : 'Subscribe now'}</Button>
          </Group>
        ) : null}
      </Stack>
    </StoreCard>
  );
}
