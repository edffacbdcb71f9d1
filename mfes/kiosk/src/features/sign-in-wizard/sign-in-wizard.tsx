import { Button, Group } from '@mantine/core';
import { LoadingState } from '@turnbook/web-kit/ui';
import { OutboxBadge } from './outbox-badge';
import { SignInPage } from './sign-in-page';
import { useSignInWizard } from './use-sign-in-wizard';
import { NO_BACK_ARROW, PAGE } from './wizard-model';
import './sign-in-wizard.css';

/**
 * The customer sign-in wizard of the kiosk tablet and the front desk (docs/product/kiosk.md): the appointment
 * question, phone, name, today's appointment (found by phone, last name or email), party size and services,
 * then the thank-you page with the place in line. It starts over 4 s after a sign-in and after 100 s untouched.
 */
export function SignInWizard({ storeId, permalink }: { storeId: number; permalink: string | null }) {
  const w = useSignInWizard(storeId, permalink);
  const { page, wizard, reset } = w;

  if (permalink && w.store.isPending) return <LoadingState />;

  const showBack = !NO_BACK_ARROW.includes(page);
  return (
    <div className="tb-kiosk" data-page={page}>
      <Group justify="space-between" className="tb-kiosk-bar">
        {showBack ? (
          <Button variant="subtle" size="lg" onClick={wizard.back} aria-label="Back">
            ← Back
          </Button>
        ) : (
          <span />
        )}
        <OutboxBadge {...w.network} />
        {page !== PAGE.question && page !== PAGE.thanks && (
          <Button variant="subtle" size="lg" color="gray" onClick={reset}>
            Start over
          </Button>
        )}
      </Group>
      <div className="tb-kiosk-page">
        <SignInPage w={w} />
      </div>
    </div>
  );
}
