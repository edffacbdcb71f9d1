import { Alert, Anchor, Text } from '@mantine/core';
import { endsFreeTier, FREE_TIER_MAX_STAFF, PAID_PLANS, planPrice } from '@turnbook/domain';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { Link } from 'react-router-dom';
import { realStaffCount } from '../subscription/subscription-model';
import { useStaffList } from './model';

/**
 * Before Create: when this staff member ends the store's free tier, say so and what the plans cost, so the
 * next thing the owner sees is not an 'expired' banner.
 */
export function FreeTierWarning() {
  const access = useStoreAccess();
  const staff = useStaffList(access.storeId ?? undefined);
  if (!staff.data) return null;
  const count = realStaffCount(staff.data);
  if (!endsFreeTier(count)) return null;
  const prices = PAID_PLANS.map((p) => `${p.name} ${planPrice(p.price)}`).join(' or ');
  return (
    <Alert color="orange" title="This staff member ends your free plan" role="note">
      <Text size="sm">
        Stores with {FREE_TIER_MAX_STAFF} or fewer staff are free. With this one your store has {count + 1}, so it needs a paid plan: {prices} per month.{' '}
        <Anchor component={Link} to="/subscription">
          Compare the plans
        </Anchor>
      </Text>
    </Alert>
  );
}
