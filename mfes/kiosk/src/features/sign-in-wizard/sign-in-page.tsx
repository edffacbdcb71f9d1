import { ErrorState } from '@turnbook/web-kit/ui';
import { ConfirmPage, ResultsPage, SearchOptions, SearchPage } from './pages/appointment-pages';
import { NamePage } from './pages/name-page';
import { PartyPage } from './pages/party-page';
import { PhonePage } from './pages/phone-page';
import { ConsultStaffPage, QuestionPage, TalkToStaffPage } from './pages/question-pages';
import { ThankYouPage } from './pages/thank-you-page';
import type { SignInWizardState } from './use-sign-in-wizard';
import { changingServices, PAGE, withPartySize, withPickToggled, withStaff, type LookupType } from './wizard-model';

const SEARCH_PAGE: Record<LookupType, number> = { lname: PAGE.byLastName, phone: PAGE.byPhone, email: PAGE.byEmail };

/** The page the wizard is on, wired to the draft and the wizard's moves. */
export function SignInPage({ w }: { w: SignInWizardState }) {
  const { wizard, page, draft, update, setDraft, services } = w;
  const search = (type: LookupType) => wizard.goTo(SEARCH_PAGE[type]);
  switch (page) {
    case PAGE.question:
      return (
        <QuestionPage
          storeName={w.store.data?.name ?? null}
          queue={w.queue.data}
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
    case PAGE.talkToStaff:
      return (
        <TalkToStaffPage
          onYes={() => {
            update({ hasReservation: false, chosen: null });
            wizard.goTo(PAGE.phone);
          }}
          onNo={() => wizard.goTo(PAGE.consultStaff)}
        />
      );
    case PAGE.consultStaff:
      return <ConsultStaffPage />;
    case PAGE.phone:
    case PAGE.byPhone:
      return (
        <PhonePage
          title={page === PAGE.byPhone ? 'Search by phone' : 'What is your phone number?'}
          digits={draft.phone}
          busy={w.busy}
          onChange={(phone) => update({ phone })}
          onNext={() => (draft.hasReservation ? void w.lookUp('phone', draft.phone) : wizard.goTo(PAGE.name))}
          extra={draft.hasReservation ? <SearchOptions onSearch={search} except="phone" /> : undefined}
        />
      );
    case PAGE.name:
      return <NamePage fname={draft.fname} lname={draft.lname} onChange={update} onNext={() => wizard.goTo(PAGE.party)} />;
    case PAGE.byLastName:
    case PAGE.byEmail:
      return <SearchPage key={page} type={page === PAGE.byEmail ? 'email' : 'lname'} busy={w.busy} onSearch={(v) => void w.lookUp(page === PAGE.byEmail ? 'email' : 'lname', v)} />;
    case PAGE.results:
      return (
        <ResultsPage
          found={draft.found}
          error={w.lookupError}
          onRetry={() => w.lastLookup && void w.lookUp(w.lastLookup.type, w.lastLookup.value)}
          onChoose={(a) => {
            update({ chosen: a });
            wizard.goTo(PAGE.confirm);
          }}
          onSearch={search}
          onNoAppointment={() => wizard.goTo(PAGE.talkToStaff)}
        />
      );
    case PAGE.confirm:
      return (
        draft.chosen && (
          <ConfirmPage
            appointment={draft.chosen}
            onLooksGood={() => w.submit({ ...draft, changingServices: false })}
            onDone={w.reset}
            onChange={() => {
              setDraft((d) => changingServices(d, services.data ?? []));
              wizard.goTo(PAGE.party);
            }}
          />
        )
      );
    case PAGE.party:
      return (
        <PartyPage
          services={services.data}
          servicesError={services.isError}
          single={draft.changingServices}
          partySize={draft.partySize}
          picks={draft.picks}
          staffNames={draft.changingServices ? [] : (w.staffNames.data ?? [])}
          staff={draft.staff}
          onStaff={(person, name) => setDraft((d) => withStaff(d, person, name))}
          onPartySize={(n) => setDraft((d) => withPartySize(d, n))}
          onToggle={(person, id) => setDraft((d) => withPickToggled(d, person, id))}
          onSignIn={() => w.submit(draft)}
        />
      );
    case PAGE.thanks:
      return <ThankYouPage signIn={w.signIn} offline={w.network.offline} />;
    default:
      return <ErrorState message="This page does not exist." onRetry={w.reset} />;
  }
}
