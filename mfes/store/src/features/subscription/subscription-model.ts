import type { z } from 'zod';
import type { InvoiceView, PackageView, PaymentMethodsResponse, PlanView } from '@turnbook/contracts/schemas/billing';
import type { EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { api, isApiError } from '@turnbook/web-kit';
import { formatCents } from '@turnbook/domain/money/money';
import { isRealStaff } from '@turnbook/domain/roles/real-staff';

export type Package = PackageView;
export type Plan = z.infer<typeof PlanView>;
export type Invoice = z.infer<typeof InvoiceView>;
export type PaymentMethods = z.infer<typeof PaymentMethodsResponse>;

export const subscriptionKeys = {
  package: (storeId: number) => ['billing', 'package', storeId] as const,
  invoices: (storeId: number) => ['billing', 'invoices', storeId] as const,
  paymentMethods: (storeId: number) => ['billing', 'payment-methods', storeId] as const,
  plans: ['billing', 'plans'] as const,
  cardConfig: ['billing', 'config'] as const,
  staff: (storeId: number) => ['billing', 'staff', storeId] as const,
};

export const fetchPackage = (storeId: number) => api.get('GET getPackageByStoreId/{storeId}', { storeId });
export const fetchInvoices = async (storeId: number) => (await api.get('GET getInvoicesByStoreId/{storeId}', { storeId })).invoices;
export const fetchPaymentMethods = (storeId: number) => api.get('GET getPMByStoreId/{storeId}', { storeId });
export const fetchPlans = async () => (await api.get('GET getAllPlans')).products;
/** Stripe's publishable key for the card field, served at run time; null: the test card. */
export const fetchCardConfig = () => api.get('GET billing/config');
export const fetchStaff = async (storeId: number) =>
  (await api.get('GET getStaffsByStoreId/{storeId}', { storeId })).employees;

/** Cents as dollars with two decimals: 1999 → '$19.99'. */
export const dollars = (cents: number): string => formatCents(cents);

/** A card's expiry as M/YYYY. */
export const expiryText = (c: { exp_month?: number; exp_year?: number }): string => `${c.exp_month}/${c.exp_year}`;

/** A card expires soon: its last valid month ends within 60 days of `now` (or has passed). */
export function expiresSoon(c: { exp_month?: number; exp_year?: number }, now = Date.now()): boolean {
  if (!c.exp_month || !c.exp_year) return false;
  const endOfMonth = Date.UTC(c.exp_year, c.exp_month, 1);
  return endOfMonth - now < 60 * 86_400_000;
}

/** Unix seconds as M-D-Y in the browser's zone (docs/product/constants.md). */
export function dateMDY(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getMonth() + 1}-${d.getDate()}-${d.getFullYear()}`;
}

/** The status line: the package's expiration as it is, or 'inactive' when there is none. */
export const statusOf = (pkg: Pick<Package, 'expiration'> | undefined): string => pkg?.expiration || 'inactive';
export const isActive = (pkg: Pick<Package, 'expiration'> | undefined): boolean => statusOf(pkg) === 'active';
/** The free plan: active with no subscription behind it (3 or fewer real staff). */
export const isFreePlan = (pkg: Pick<Package, 'expiration' | 'id' | 'price'> | undefined): boolean => isActive(pkg) && !pkg?.id && !pkg?.price;

/** Real staff (libs/domain isRealStaff: not the TBD placeholder, role none or archived): the free tier counts them. */
export const realStaffCount = (employees: Pick<EmployeeView, 'role' | 'archived'>[]): number =>
  employees.filter(isRealStaff).length;

/**
 * What /subscription tells the owner about the free tier. A store of 4 pays, yet the calendar's notice only
 * shows from 5 staff entries: this page is where a 4-staff owner learns it.
 */
export function freeTierNote(realStaff: number, active: boolean): string | null {
  if (realStaff <= 3) return 'Stores with 3 or fewer staff are free.';
  if (realStaff === 4 && !active)
    return 'Your store has 4 staff: stores with 3 or fewer staff are free, so a plan is needed. The calendar shows a payment reminder only from 5 staff on.';
  return null;
}

export type PaymentOutcome = { kind: 'success' } | { kind: 'declined'; message: string } | { kind: 'failed'; message: string; field?: string };

/**
 * The answer of POST subscribe as the modal shows it: a card error arrives as a plain-text 402 shown as it
 * is; any other failure carries an error code and message.
 */
export function outcomeOf(result: { ok: true } | { ok: false; error: unknown }): PaymentOutcome {
  if (result.ok) return { kind: 'success' };
  const e = result.error;
  if (isApiError(e) && e.status === 402 && typeof e.body === 'string' && e.body) return { kind: 'declined', message: e.body };
  if (isApiError(e)) return { kind: 'failed', message: e.message, field: e.field };
  return { kind: 'failed', message: 'The payment could not be sent. Please try again.' };
}
