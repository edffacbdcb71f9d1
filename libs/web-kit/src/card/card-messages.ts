import { BILLING_MESSAGES } from '@turnbook/contracts/errors/billing';

/** A card saved on file: the booking names it by id; the screens show its brand and last 4 digits. */
export interface SavedCard {
  id: string;
  last4: string;
  brand: string;
}

/** What a card field does with a SetupIntent's client secret: Stripe Elements confirms it; the test card answers its token. */
export interface CardSaver {
  confirmSetup: (clientSecret: string) => Promise<{ confirmed: true } | { token: string } | { error: string }>;
}

/**
 * A decline Stripe.js reports in the browser, in the seeds' words (insufficient funds, authentication
 * required); any other decline keeps the issuer's message.
 */
export function declineText(e: { code?: string; decline_code?: string; message?: string } | undefined): string {
  const reason = e?.decline_code ?? e?.code;
  if (reason === 'insufficient_funds') return BILLING_MESSAGES.insufficientFunds;
  if (reason === 'authentication_required') return BILLING_MESSAGES.authenticationRequired;
  return e?.message ?? BILLING_MESSAGES.cardNotSaved;
}

/** 'Visa ending 4242' */
export const cardLabel = (c: Pick<SavedCard, 'brand' | 'last4'>) => `${c.brand ? c.brand[0].toUpperCase() + c.brand.slice(1) : 'Card'} ending ${c.last4}`;
