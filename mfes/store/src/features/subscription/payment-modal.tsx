import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { FormProvider, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { useCallback, useEffect, useState } from 'react';
import { StateSelect } from '../stores/address-fields';
import { billingSchema, type BillingOutput } from './billing-form';
import { CardField, type CardHandle } from './card-field';
import { OutcomeModal } from './outcome-modal';
import { PlanChoice } from './plan-choice';
import { fetchPlans, outcomeOf, subscriptionKeys, type PaymentOutcome } from './subscription-model';

export interface PaymentModalProps {
  storeId: number;
  /** The owner's email, sent as the payer's. */
  email: string;
  /** The store's plan, preselected when it has one. */
  packageId?: string | null;
  onClose: () => void;
  /** After the thank-you is closed: the page reloads (the spec's behaviour). */
  onPaid: () => void;
}

/** A fresh key per attempt: a retried request answers its first answer instead of charging twice. */
const attemptKey = () => `subscribe-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** 'Subscribe now': plan, billing address and card; then the thank-you or the decline. */
export default function PaymentModal({ storeId, email, packageId, onClose, onPaid }: PaymentModalProps) {
  const plans = useQuery({ queryKey: subscriptionKeys.plans, queryFn: fetchPlans });
  const form = useZodForm(billingSchema, {
    defaultValues: { packageId: packageId ?? '', fname: '', lname: '', line1: '', city: '', state: '', postal_code: '' },
  });
  const [card, setCard] = useState<CardHandle | null>(null);
  const onCardReady = useCallback((h: CardHandle | null) => setCard(h ? h : null), []);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);

  // The first plan is chosen for the owner once the list arrives.
  const firstPlan = plans.data?.[0]?.id;
  useEffect(() => {
    if (firstPlan && !form.getValues('packageId')) form.setValue('packageId', firstPlan);
  }, [firstPlan, form]);

  const submit = form.handleSubmit(async (v: BillingOutput) => {
    setProblem(null);
    if (!card) return;
    const fullName = `${v.fname} ${v.lname}`;
    const token = await card.createToken({ name: fullName, line1: v.line1, city: v.city, state: v.state, postal_code: v.postal_code });
    if ('error' in token) {
      setProblem(token.error);
      return;
    }
    const body = { stripeEmail: email, stripeToken: token.token, full_name: fullName, line1: v.line1, city: v.city, state: v.state, postal_code: v.postal_code, packageId: v.packageId };
    let result: PaymentOutcome;
    try {
      await api.post('POST subscribe/{storeId}', body, { storeId }, { headers: { 'Idempotency-Key': attemptKey() } });
      result = outcomeOf({ ok: true });
    } catch (error) {
      result = outcomeOf({ ok: false, error });
    }
    if (result.kind === 'failed') setProblem(result.message);
    else setOutcome(result);
  });

  if (outcome && outcome.kind !== 'failed')
    return <OutcomeModal outcome={outcome} onClose={outcome.kind === 'success' ? onPaid : () => setOutcome(null)} />;

  const noPlan = plans.isSuccess && plans.data.length === 0;
  return (
    <Modal opened onClose={onClose} title="Subscribe" centered size="lg">
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Payment">
          <Stack gap="sm">
            <PlanChoice plans={plans} />
            <Group grow align="flex-start">
              <TextField name="fname" label="First name" autoComplete="given-name" required />
              <TextField name="lname" label="Last name" autoComplete="family-name" required />
            </Group>
            <TextField name="line1" label="Street address" autoComplete="address-line1" required />
            <TextField name="city" label="City" autoComplete="address-level2" required />
            <Group grow align="flex-start">
              <StateSelect />
              <TextField name="postal_code" label="Zip" inputMode="numeric" autoComplete="postal-code" maxLength={10} required />
            </Group>
            <CardField onReady={onCardReady} />
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              By clicking Subscribe you agree to the{' '}
              <Anchor href="/terms-of-use" target="_blank" rel="noopener" underline="always" style={{ textDecoration: 'underline' }}>
                Terms of Use
              </Anchor>{' '}
              and to be charged the plan's price every month until you cancel.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!card || !plans.isSuccess || noPlan} loading={form.formState.isSubmitting}>
                Subscribe
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
