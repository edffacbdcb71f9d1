import { Button, Group } from '@mantine/core';
import { isApiError, useWizard } from '@turnbook/web-kit';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { lookUpAppointments, useKioskQueue, useKioskServices, useKioskStaff, useKioskStore } from './kiosk-data';
import { ConfirmPage, ResultsPage, SearchOptions, SearchPage, type LookupFailure } from './pages/appointment-pages';
import { NamePage } from './pages/name-page';
import { PartyPage } from './pages/party-page';
import { PhonePage } from './pages/phone-page';
import { ConsultStaffPage, QuestionPage, TalkToStaffPage } from './pages/question-pages';
import { ThankYouPage } from './pages/thank-you-page';
import { storeNow } from './sign-in/kiosk-time';
import { signInOutbox } from './sign-in/sign-in-outbox';
import { OutboxBadge, useOutboxStatus } from './outbox-badge';
import { useIdleReset, useResetAfter } from './use-timers';
import {
  buildSignIn, emptyDraft, IDLE_RESET_MS, NO_BACK_ARROW, PAGE, resizePicks, RESET_AFTER_MS, UNCONFIRMED_RESET_MS,
  type Draft, type KioskAppointment, type LookupType,
} from './wizard-model';
import './sign-in-wizard.css';

const SEARCH_PAGE: Record<LookupType, number> = { lname: PAGE.byLastName, phone: PAGE.byPhone, email: PAGE.byEmail };

/** No answer, a timeout or the gateway without its service: the tablet could not reach the server. */
function lookupFailure(e: unknown): LookupFailure {
  const offline = !isApiError(e) || e.status === 0 || e.status === 408 || e.status >= 500;
  return { offline, message: e instanceof Error ? e.message : 'The search did not work. Please try again.' };
}

/**
 * The customer sign-in wizard of the kiosk tablet and the front desk (docs/product/kiosk.md): the appointment
 * question, phone, name, today's appointment (found by phone, last name or email), party size and services,
 * then the thank-you page with the place in line. It starts over 4 s after a sign-in and after 100 s untouched.
 */
export function SignInWizard({ storeId, permalink }: { storeId: number; permalink: string | null }) {
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

  const search = (type: LookupType) => wizard.goTo(SEARCH_PAGE[type]);

  if (permalink && store.isPending) return <LoadingState />;

  let body;
  switch (page) {
    case PAGE.question:
      body = (
        <QuestionPage
          storeName={store.data?.name ?? null}
          queue={queue.data}
          onYes={() => {
            update({ hasReservation: true });
            wizard.goTo(PAGE.phone);
          }}
          onWalkIn={() => {
            update({ hasReservation: false });
            wizard.goTo(PAGE.talkToStaff);
          }}
        />
      );
      break;
    case PAGE.talkToStaff:
      body = (
        <TalkToStaffPage
          onYes={() => {
            update({ hasReservation: false, chosen: null });
            wizard.goTo(PAGE.phone);
          }}
          onNo={() => wizard.goTo(PAGE.consultStaff)}
        />
      );
      break;
    case PAGE.consultStaff:
      body = <ConsultStaffPage />;
      break;
    case PAGE.phone:
    case PAGE.byPhone:
      body = (
        <PhonePage
          title={page === PAGE.byPhone ? 'Search by phone' : 'What is your phone number?'}
          digits={draft.phone}
          busy={busy}
          onChange={(phone) => update({ phone })}
          onNext={() => (draft.hasReservation ? void lookUp('phone', draft.phone) : wizard.goTo(PAGE.name))}
          extra={draft.hasReservation ? <SearchOptions onSearch={search} except="phone" /> : undefined}
        />
      );
      break;
    case PAGE.name:
      body = <NamePage fname={draft.fname} lname={draft.lname} onChange={update} onNext={() => wizard.goTo(PAGE.party)} />;
      break;
    case PAGE.byLastName:
    case PAGE.byEmail:
      body = <SearchPage key={page} type={page === PAGE.byEmail ? 'email' : 'lname'} busy={busy} onSearch={(v) => void lookUp(page === PAGE.byEmail ? 'email' : 'lname', v)} />;
      break;
    case PAGE.results:
      body = (
        <ResultsPage
          found={draft.found}
          error={lookupError}
          onRetry={() => lastLookup && void lookUp(lastLookup.type, lastLookup.value)}
          onChoose={(a) => {
            update({ chosen: a });
            wizard.goTo(PAGE.confirm);
          }}
          onSearch={search}
          onNoAppointment={() => wizard.goTo(PAGE.talkToStaff)}
        />
      );
      break;
    case PAGE.confirm:
      body = draft.chosen && (
        <ConfirmPage
          appointment={draft.chosen}
          onLooksGood={() => submit({ ...draft, changingServices: false })}
          onDone={reset}
          onChange={() => {
            const offered = new Set((services.data ?? []).map((s) => s.id));
            update({ changingServices: true, partySize: 1, picks: [draft.chosen!.services.map((s) => s.id).filter((id) => offered.has(id))] });
            wizard.goTo(PAGE.party);
          }}
        />
      );
      break;
    case PAGE.party:
      body = (
        <PartyPage
          services={services.data}
          servicesError={services.isError}
          single={draft.changingServices}
          partySize={draft.partySize}
          picks={draft.picks}
          staffNames={draft.changingServices ? [] : (staffNames.data ?? [])}
          staff={draft.staff}
          onStaff={(person, name) =>
            setDraft((d) => {
              const staff = Array.from({ length: Math.max(d.partySize, person + 1) }, (_, i) => d.staff[i] ?? '');
              staff[person] = name;
              return { ...d, staff };
            })
          }
          onPartySize={(n) => setDraft((d) => ({ ...d, partySize: n, picks: resizePicks(d.picks, n) }))}
          onToggle={(person, id) =>
            setDraft((d) => {
              const picks = resizePicks(d.picks, Math.max(d.partySize, person + 1));
              picks[person] = picks[person].includes(id) ? picks[person].filter((x) => x !== id) : [...picks[person], id];
              return { ...d, picks };
            })
          }
          onSignIn={() => submit(draft)}
        />
      );
      break;
    case PAGE.thanks:
      body = <ThankYouPage signIn={signIn} offline={network.offline} />;
      break;
    default:
      body = <ErrorState message="This page does not exist." onRetry={reset} />;
  }

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
        <OutboxBadge {...network} />
        {page !== PAGE.question && page !== PAGE.thanks && (
          <Button variant="subtle" size="lg" color="gray" onClick={reset}>
            Start over
          </Button>
        )}
      </Group>
      <div className="tb-kiosk-page">{body}</div>
    </div>
  );
}
