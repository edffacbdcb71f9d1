import { isApiError, useWizard } from '@turnbook/web-kit';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { lookUpAppointments, useKioskQueue, useKioskServices, useKioskStaff, useKioskStore } from './kiosk-data';
import type { LookupFailure } from './pages/appointment-pages';
import { storeNow } from './sign-in/kiosk-time';
import { signInOutbox } from './sign-in/sign-in-outbox';
import { useOutboxStatus } from './outbox-badge';
import { useIdleReset, useResetAfter } from './use-timers';
import { buildSignIn, emptyDraft, IDLE_RESET_MS, PAGE, RESET_AFTER_MS, UNCONFIRMED_RESET_MS, type Draft, type KioskAppointment, type LookupType } from './wizard-model';

/** No answer, a timeout or the gateway without its service: the tablet could not reach the server. */
function lookupFailure(e: unknown): LookupFailure {
  const offline = !isApiError(e) || e.status === 0 || e.status === 408 || e.status >= 500;
  return { offline, message: e instanceof Error ? e.message : 'The search did not work. Please try again.' };
}

/** The sign-in wizard's state: the page, the draft, the store's reads, today's lookup, the sign-in sent and the start-over timers. */
export type SignInWizardState = ReturnType<typeof useSignInWizard>;

export function useSignInWizard(storeId: number, permalink: string | null) {
  const wizard = useWizard(PAGE.question);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [busy, setBusy] = useState(false);
  const [lookupError, setLookupError] = useState<LookupFailure | null>(null);
  const [lastLookup, setLastLookup] = useState<{ type: LookupType; value: string } | null>(null);
  const store = useKioskStore(permalink);
  const services = useKioskServices(storeId);
  const staffNames = useKioskStaff(storeId);
  const outbox = signInOutbox();
  const signIn = useSyncExternalStore(
    useCallback((l: () => void) => outbox.subscribe(l), [outbox]),
    () => outbox.get(draft.signInId),
  );
  const network = useOutboxStatus(outbox);
  const page = wizard.page;
  const zone = store.data?.zone ?? 'America/New_York';
  const queue = useKioskQueue(storeId, store.data ? storeNow(zone).date : null);

  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const reset = useCallback(() => {
    setDraft(emptyDraft());
    setLookupError(null);
    wizard.reset();
  }, [wizard]);

  useIdleReset(page !== PAGE.question, IDLE_RESET_MS, reset);
  useResetAfter(page === PAGE.consultStaff, RESET_AFTER_MS, reset);
  useResetAfter(page === PAGE.thanks && signIn != null && signIn.state !== 'sending', RESET_AFTER_MS, reset);
  // Offline the thank-you shows at once and the kiosk starts over as usual: the outbox sends it later.
  useResetAfter(page === PAGE.thanks && signIn?.state === 'sending' && network.offline, RESET_AFTER_MS, reset);
  // An answer that does not come while online: the next customer can start anyway (the outbox keeps sending).
  useResetAfter(page === PAGE.thanks && signIn?.state === 'sending', UNCONFIRMED_RESET_MS, reset);

  const lookUp = async (type: LookupType, value: string) => {
    setBusy(true);
    setLookupError(null);
    setLastLookup({ type, value });
    let found: KioskAppointment[] = [];
    try {
      found = await lookUpAppointments({ type, storeId, value, date: storeNow(zone).date });
    } catch (e) {
      setLookupError(lookupFailure(e));
    } finally {
      setBusy(false);
    }
    update({ found, chosen: found.length === 1 ? found[0] : null });
    // One appointment found: straight to its confirmation.
    wizard.goTo(found.length === 1 ? PAGE.confirm : PAGE.results);
  };

  const submit = (d: Draft) => {
    const s = buildSignIn(d, { storeId, zone, services: services.data ?? [] });
    outbox.add(s);
    update({ signInId: s.id });
    wizard.goTo(PAGE.thanks, { remember: false });
  };

  return { wizard, page, draft, setDraft, update, busy, lookupError, lastLookup, store, services, staffNames, signIn, network, queue, reset, lookUp, submit };
}
