import { Alert, Anchor } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageView } from '@turnbook/contracts/schemas/billing';
import { api, useRealtime } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { NOTICE_REPEAT_MS, subscriptionNotice } from './notice-rule';

/**
 * The subscription-expired notice on the calendar: shows on arrival when the rule says so, and again
 * 2 hours after each closing. A banner above the grid (the calendar page already carries Alert), not a
 * modal: the calendar's first load stays within its JS budget.
 */
export function SubscriptionNotice({ storeId, staffEntries }: { storeId: number; staffEntries: number | undefined }) {
  const access = useStoreAccess(storeId);
  const many = (staffEntries ?? 0) > 4;
  // A store of 4 or fewer never shows it: no need to ask billing.
  const pkg = useQuery({
    queryKey: ['billing', 'package', storeId],
    enabled: many,
    queryFn: () => api.get<Pick<PackageView, 'expiration'>>('GET getPackageByStoreId/{storeId}', { storeId }),
  });
  // A payment (or a lapse) elsewhere changes the package: the notice follows without a reload.
  const qc = useQueryClient();
  useRealtime(many ? `store:${storeId}:billing` : null, () => void qc.invalidateQueries({ queryKey: ['billing', 'package', storeId] }));
  const [open, setOpen] = useState(true);
  const [displays, setDisplays] = useState(0);

  useEffect(() => {
    if (open) return undefined;
    const t = setTimeout(() => setOpen(true), NOTICE_REPEAT_MS);
    return () => clearTimeout(t);
  }, [open]);

  if (!pkg.data || staffEntries === undefined) return null;
  const notice = subscriptionNotice({ staffEntries, expiration: pkg.data.expiration, isOwner: access.isOwner, firstDisplay: displays === 0 });
  if (!notice || !open) return null;
  return (
    <Alert
      color="red.9"
      variant="filled"
      title="Subscription expired"
      role="alert"
      withCloseButton
      closeButtonLabel="Close"
      onClose={() => {
        setOpen(false);
        setDisplays((d) => d + 1);
      }}
    >
      {notice.text}{' '}
      {notice.paymentLink && (
        <Anchor component={Link} to="/subscription" fw={700} c="inherit" style={{ textDecoration: 'underline' }}>
          Make a payment
        </Anchor>
      )}
    </Alert>
  );
}
