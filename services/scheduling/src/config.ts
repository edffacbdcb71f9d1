import { z } from 'zod';
import { SERVICES } from '@turnbook/contracts';

/** scheduling's own settings, validated with the kit's base config at start (deploy/local/test/compose.test.mjs checks the compose file against them). */
export const schedulingEnv = {
  /** How often stores left with a stale membership (a crash mid-change) are republished. */
  MEMBERSHIP_SWEEP_MS: z.coerce.number().int().positive().default(5000),
  /** Wrong store PINs (leaving kiosk mode) allowed per address and per store in the window. */
  STORE_PIN_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  STORE_PIN_PER_STORE: z.coerce.number().int().positive().default(20),
  STORE_PIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** POST staff per owner and per store within an hour (it mails invitations to any address). */
  STAFF_ADDS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** customers' internal calls (a guest's online request is checked against the customer's phone). */
  CUSTOMERS_URL: z.string().url().default(`http://127.0.0.1:${SERVICES.customers.port}`),
  /** Online requests and their log entries without a token, per client address / phone / store, per window. */
  GUEST_BOOKING_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  GUEST_BOOKING_PER_PHONE: z.coerce.number().int().positive().default(10),
  GUEST_BOOKING_PER_STORE: z.coerce.number().int().positive().default(300),
  GUEST_LOG_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  GUEST_LOG_PER_PHONE: z.coerce.number().int().positive().default(30),
  GUEST_LOG_PER_STORE: z.coerce.number().int().positive().default(1000),
  GUEST_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  /** The booking page's public reads (store, staff, services, busy times, availability) per client address, per window. */
  PUBLIC_READS_PER_ADDRESS: z.coerce.number().int().positive().default(1200),
  PUBLIC_READ_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
};
