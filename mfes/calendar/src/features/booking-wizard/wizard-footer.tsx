import { Alert, Button, Group } from '@mantine/core';
import type { BookingWizardState } from './use-booking-wizard';
import { PAGES } from './wizard-rules';

/**
 * Back and Next stay in view at the bottom of the modal while a long page (services, times) scrolls under
 * them: on a 1024x768 tablet they fell below the screen.
 */
const STICKY_FOOTER = { position: 'sticky', bottom: 0, zIndex: 2, background: 'var(--mantine-color-body)', paddingBlock: 'var(--mantine-spacing-xs)' } as const;

/** Under every page: the page's message, Back and Reset, and Next (when the page has one) or Finish. */
export function WizardFooter({ w, next = null }: { w: BookingWizardState; next?: (() => void) | null }) {
  const { state, dispatch } = w;
  return (
    <>
      {state.problem && (
        <Alert color="red" variant="light" role="alert">
          {state.problem}
        </Alert>
      )}
      <Group justify="space-between" style={STICKY_FOOTER} data-testid="wizard-footer">
        <Group gap="xs">
          {state.page !== PAGES.kind && (
            <Button variant="default" onClick={() => dispatch({ type: 'back' })}>
              Back
            </Button>
          )}
          <Button variant="subtle" onClick={w.reset}>
            Reset
          </Button>
        </Group>
        {state.page === PAGES.notes ? (
          <Button onClick={() => void w.finish()} loading={w.busy}>
            Finish
          </Button>
        ) : (
          next && <Button onClick={next}>Next</Button>
        )}
      </Group>
    </>
  );
}
