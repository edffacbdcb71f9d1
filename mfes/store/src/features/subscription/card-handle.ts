/** The billing form's address, passed to the card provider with the card. */
export interface CardBilling {
  name: string;
  line1: string;
  city: string;
  state: string;
  postal_code: string;
}

/** What the payment form asks of a card field once it is ready: a token for the card, or why not. */
export interface CardHandle {
  createToken: (billing: CardBilling) => Promise<{ token: string } | { error: string }>;
  /**
   * Saves the card with a SetupIntent's client secret: Stripe Elements confirms it in the browser
   * (`confirmed`); the test card answers its test token for the server to confirm with.
   */
  confirmSetup: (clientSecret: string) => Promise<{ confirmed: true } | { token: string } | { error: string }>;
}

export interface CardFieldProps {
  /** Called with the handle when the card library is ready (submit stays disabled until then), null when it is gone. */
  onReady: (handle: CardHandle | null) => void;
}
