import { z } from 'zod';
import { CARD_POLICIES, MAX_NO_SHOW_FEE_CENTS } from '@turnbook/domain/card-on-file/card-on-file';
import { Id } from './common';

/**
 * A customer's card on file and the store's no-show fee (docs/product/deposits.md). The card is saved with a
 * SetupIntent (Stripe Elements confirms it in the browser; the local test card sends a test token) and is
 * never charged at booking; the owner may charge the store's no-show fee to it once the appointment started.
 */

/** A provider's id as the browser sends it back ('seti_...'). */
const SetupIntentId = z.string().trim().min(1, 'is required').max(255).regex(/^[\w-]+$/, 'must be an id from the card provider');

/** The store's card policy, as the booking page and the calendar read it. */
export const CardPolicyView = z.object({
  /** 'groups': groups of 3 or more hold a card; 'all': every online request too */
  policy: z.enum(CARD_POLICIES),
  /** the no-show fee in cents; 0 when the store charges none */
  noShowFee: z.number().int().nonnegative(),
});
export type CardPolicyView = z.infer<typeof CardPolicyView>;

/** PUT cardPolicy/{storeId}: the owner sets the policy and the fee (cents, at most $500.00). */
export const CardPolicyBody = z.object({
  policy: z.enum(CARD_POLICIES, { error: "must be 'groups' or 'all'" }),
  noShowFee: z
    .number({ error: 'must be a number of cents' })
    .int('must be whole cents')
    .min(0, 'must not be negative')
    .max(MAX_NO_SHOW_FEE_CENTS, `must be at most ${MAX_NO_SHOW_FEE_CENTS} cents`),
});

/** POST cardOnFile/setup: a SetupIntent for the customer's card (the booking page and the wizard). */
export const CardOnFileSetupBody = z.object({ storeId: Id });
export const CardOnFileSetupResponse = z.object({
  setupIntentId: z.string(),
  /** what Stripe Elements confirms the card with in the browser */
  clientSecret: z.string(),
});

/** POST cardOnFile/save: keeps the card the SetupIntent saved (the test card's token confirms it locally). */
export const CardOnFileSaveBody = z.object({
  storeId: Id,
  setupIntentId: SetupIntentId,
  token: SetupIntentId.optional(),
});
/** A saved card: its id is the SetupIntent's, which the booking then names as `cardOnFile`. */
export const CardOnFileView = z.object({ id: z.string(), last4: z.string(), brand: z.string() });
export const CardOnFileSaveResponse = z.object({ cardOnFile: CardOnFileView });

/** POST chargeNoShowFee/{appointmentId}: the owner charges the store's fee to the appointment's card. */
export const NoShowParams = z.object({ appointmentId: Id });
export const NoShowChargeBody = z.object({ storeId: Id });
export const NoShowChargeView = z.object({
  appointmentId: z.number(),
  /** cents */
  amount: z.number().int(),
  /** 'succeeded', or 'declined' with the card's message */
  status: z.enum(['succeeded', 'declined']),
  message: z.string(),
  last4: z.string(),
  /** ISO time of the (first) charge */
  chargedAt: z.string(),
});
export const NoShowChargeResponse = z.object({ charge: NoShowChargeView });
/** GET getNoShowFee/{appointmentId}: the charge made for it, if any (the details show it once charged). */
export const NoShowQuery = z.object({ storeId: Id });
export const NoShowStatusResponse = z.object({ charge: NoShowChargeView.nullable() });
