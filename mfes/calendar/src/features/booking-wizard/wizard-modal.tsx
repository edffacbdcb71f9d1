import { Alert, Badge, Button, Checkbox, Group, Modal, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '@turnbook/contracts/schemas/customers';
import type { EmployeeView, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { bookableServices, formatPhone, isReservedColumn, todayIn } from '@turnbook/domain';
import { api, useWizard } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { FormProvider, useZodForm, useWatch } from '@turnbook/web-kit/forms';
import { alert } from '@turnbook/web-kit/ui';
import { useEffect, useState } from 'react';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { hasStaff, NoStaffNotice } from '../calendar-page/no-staff-notice';
import { conflictText, overlapLine, saveBooking, saveFailure, type Written } from './book-calls';
import { CustomerSearch, customerName, NewCustomer, useNameAndPhoneSearch, type PickedCustomer } from './customer-pick';
import type { BookingWizardProps, WizardStart } from './props';
import { NewCustomerForm } from './new-customer-form';
import { GroupCard } from './group-card';
import type { SavedCard } from '@turnbook/web-kit/card';
import { CreateServicesLink } from '../calendar-page/no-service-notice';
import {
  appointmentBodies,
  availabilityStaffId,
  dateProblem,
  GROUP_QUICK_PICKS,
  groupNote,
  longestSelection,
  needsCardForGroup,
  newCustomerBody,
  PAGES,
  resizeSelections,
  servicesProblem,
  toggleService,
  totalDuration,
  NEXT_AVAILABLE,
  WIZARD_MESSAGES,
  wizardStaff,
} from './wizard-rules';
import { formatDollars } from '@turnbook/domain/money/money';
import { displayName, fullName } from '@turnbook/domain/text/names';

interface Draft {
  kind: 'individual' | 'group' | null;
  size: number;
  customer: PickedCustomer | null;
  /** the new-customer page's choice to create one although matches were found */
  createAnyway: boolean;
  /** a new customer is created at Finish from the form's values */
  isNew: boolean;
  searchBy: 'number' | 'key';
  searchText: string;
  staffId: number | null;
  selections: number[][];
  date: string;
  start: string | null;
  note: string;
  sendConfirmation: boolean;
  /** the appointment rebooked (cleared by Reset) */
  rebookOf?: number;
  /** the customer's card on file (a group of 3 or more needs one before Finish) */
  card: SavedCard | null;
}

function initialDraft(start: WizardStart): Draft {
  const r = start.rebookOf;
  const c = start.carried;
  const size = Math.max(1, c?.size ?? 1);
  return {
    kind: r ? 'individual' : c ? (size > 1 ? 'group' : 'individual') : null,
    size,
    customer: c?.customer ?? (r && r.customerId > 0 ? { id: r.customerId, fname: r.customerFname, lname: r.customerLname, phone: r.customerPhone } : null),
    createAnyway: false,
    isNew: false,
    searchBy: 'key',
    searchText: '',
    staffId: start.staffId ?? (r && !isReservedColumn(r.staffId) ? r.staffId : null),
    selections: c ? resizeSelections([], size).map(() => c.serviceIds ?? []) : [r ? r.services.map((s) => s.id) : []],
    date: start.date,
    start: start.time ?? null,
    note: c?.note ?? '',
    sendConfirmation: false,
    rebookOf: r?.id,
    card: null,
  };
}

/** The pages a wizard opened with a booking under way walks through at once (Back walks them back). */
function openingPages(start: WizardStart): number[] {
  const c = start.carried;
  if (start.rebookOf) return [PAGES.customerChoice, PAGES.customerSearch, PAGES.staff];
  if (!c) return [];
  if ((c.size ?? 1) > 1) return [PAGES.groupSize];
  if (c.customer) return [PAGES.customerChoice, PAGES.customerSearch, PAGES.staff];
  if (c.newCustomer?.fname || c.newCustomer?.phone) return [PAGES.customerChoice, PAGES.customerNew];
  return [PAGES.customerChoice];
}

/**
 * Back and Next stay in view at the bottom of the modal while a long page (services, times) scrolls under
 * them: on a 1024x768 tablet they fell below the screen.
 */
const STICKY_FOOTER = { position: 'sticky', bottom: 0, zIndex: 2, background: 'var(--mantine-color-body)', paddingBlock: 'var(--mantine-spacing-xs)' } as const;

const staffLabel = (e: Pick<EmployeeView, 'nickname' | 'fname' | 'lname'>) => displayName(e.nickname) || fullName(e);

/** The calendar's booking wizard (pages 1 to 13, docs/product/validation.md and messages.md). */
export default function WizardModal({ store, start, onClose }: BookingWizardProps & { start: WizardStart }) {
  const qc = useQueryClient();
  const access = useStoreAccess(store.id);
  const wizard = useWizard(PAGES.kind);
  // A rebook already knows its customer and services: it opens on the staff page, Back still walks the way.
  // What the quick booking carried opens where it stopped: the customer found, or the new customer typed.
  useEffect(() => {
    for (const page of openingPages(start)) wizard.goTo(page);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the rebook opens
  }, []);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(start));
  const [problem, setProblem] = useState<string | null>(null);
  // A page's message is about what is missing: it goes as soon as the booking changes (Next checks again).
  const set = (patch: Partial<Draft>) => {
    setProblem(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ written: Written[] } | null>(null);
  const form = useZodForm(NewCustomerForm, { defaultValues: { fname: '', lname: '', phone: '', ...start.carried?.newCustomer } });
  const [fname = '', lname = '', phone = ''] = useWatch({ control: form.control, name: ['fname', 'lname', 'phone'] });
  useEffect(() => setProblem(null), [fname, lname, phone]);
  const matches = useNameAndPhoneSearch(store.id, fname, lname, phone);

  const staff = useQuery({
    queryKey: [...calendarKeys.store(store.id), 'wizard', 'staff'],
    queryFn: async () => (await api.get('GET getStaffsByStoreId/{storeId}', { storeId: store.id })).employees,
  });
  const services = useQuery({
    queryKey: [...calendarKeys.store(store.id), 'wizard', 'services'],
    queryFn: async () => (await api.get('GET getServicesByStoreId/{storeId}', { storeId: store.id })).services,
  });
  const offered = bookableServices(services.data ?? []);
  const allServices = services.data ?? [];
  // A rebook keeps its services even if one is no longer offered (the spec's edit rule).
  const shown = [...offered, ...allServices.filter((s) => !offered.includes(s) && draft.selections.some((sel) => sel.includes(s.id)))];
  const staffList = wizardStaff(staff.data ?? []);

  const today = todayIn(store.timezone);
  const longest = longestSelection(draft.selections, allServices);
  const dateOk = dateProblem(draft.date, today) === null;
  const slots = useQuery({
    queryKey: [...calendarKeys.store(store.id), 'wizard', 'availability', draft.date, draft.staffId, longest.join(',')],
    enabled: wizard.page === PAGES.time && dateOk && longest.length > 0 && draft.staffId !== null,
    queryFn: async () =>
      (
        await api.get('GET staffAvailability/{storeId}/{date}', { storeId: store.id, date: draft.date }, {
          query: { serviceIds: longest.join(','), staffId: availabilityStaffId(draft.staffId) },
        })
      ),
  });

  const go = (page: number) => {
    setProblem(null);
    wizard.goTo(page);
  };
  const back = () => {
    setProblem(null);
    wizard.back();
  };
  const reset = () => {
    setDraft(initialDraft({ date: start.date }));
    form.reset({ fname: '', lname: '', phone: '' });
    setProblem(null);
    wizard.reset();
  };
  const isGroup = draft.kind === 'group';
  const people = isGroup ? draft.size : 1;

  /** Leaving a customer page: an existing customer, or a new one from the form. */
  const leaveCustomerPage = async (page: number) => {
    const contactPage = page === PAGES.groupContactSearch || page === PAGES.groupContactNew;
    if (draft.customer) {
      set({ isNew: false });
      return go(PAGES.staff);
    }
    if (page === PAGES.customerSearch || page === PAGES.groupContactSearch) {
      return setProblem(contactPage ? WIZARD_MESSAGES.selectCustomer : WIZARD_MESSAGES.selectOrConfirmNew);
    }
    if (matches.length > 0 && !draft.createAnyway) return setProblem(contactPage ? WIZARD_MESSAGES.selectCustomer : WIZARD_MESSAGES.selectOrConfirmNew);
    const ok = await form.trigger();
    if (!ok) return setProblem(null);
    set({ isNew: true });
    go(PAGES.staff);
  };

  const onDateChange = (date: string) => {
    set({ date, start: null });
    if (date && dateProblem(date, today)) void alert(WIZARD_MESSAGES.invalidDateTitle, WIZARD_MESSAGES.invalidDate);
  };

  const finish = async () => {
    if (!draft.start || draft.staffId === null) return;
    if (needsCardForGroup(people) && !draft.card) return setProblem(WIZARD_MESSAGES.groupCard);
    setBusy(true);
    setProblem(null);
    try {
      let customerId = draft.customer?.id ?? 0;
      if (draft.isNew) {
        const values = form.getValues();
        const created = await api.post('POST customer', newCustomerBody(store.id, { fname: values.fname ?? '', lname: values.lname ?? '', phone: values.phone ?? '' }));
        customerId = created.customer.id;
        // A retry after a failed appointment must not create the customer twice.
        set({ isNew: false, customer: { id: customerId, fname: values.fname ?? '', lname: values.lname ?? '', phone: values.phone ?? '' } });
      }
      const bodies = appointmentBodies(
        { storeId: store.id, staffId: draft.staffId, customerId, selections: resizeSelections(draft.selections, people), date: draft.date, start: draft.start, note: draft.note, rebookOf: draft.rebookOf, cardOnFile: draft.card?.id },
        allServices,
      );
      const overlapped = await saveBooking(qc, store.id, bodies, draft.sendConfirmation);
      if (overlapped) setDone({ written: overlapped });
      else onClose();
    } catch (e) {
      setProblem(saveFailure(e));
    } finally {
      setBusy(false);
    }
  };

  const staffName = (id: number) => {
    if (id === NEXT_AVAILABLE.id) return NEXT_AVAILABLE.label;
    const e = staffList.find((s) => s.id === id);
    return e ? staffLabel(e) : `staff ${id}`;
  };

  const chosen = draft.customer && (
    <Text size="sm">
      Selected: <Text span fw={600} tt="capitalize">{customerName(draft.customer)}</Text> {draft.customer.phone ? formatPhone(draft.customer.phone) : ''}
    </Text>
  );
  let body: React.ReactNode;
  let next: (() => void) | null = null;
  let title = 'New appointment';
  switch (wizard.page) {
    case PAGES.kind:
      title = 'Individual or group';
      body = (
        <SimpleGrid cols={2}>
          <Button size="lg" variant={draft.kind === 'individual' ? 'filled' : 'light'} onClick={() => { set({ kind: 'individual', size: 1, selections: resizeSelections(draft.selections, 1) }); go(PAGES.customerChoice); }}>
            Individual
          </Button>
          <Button size="lg" variant={draft.kind === 'group' ? 'filled' : 'light'} onClick={() => { set({ kind: 'group', size: Math.max(draft.size, 2) }); go(PAGES.groupSize); }}>
            Group
          </Button>
        </SimpleGrid>
      );
      break;
    case PAGES.customerChoice:
    case PAGES.groupContactChoice: {
      const contact = wizard.page === PAGES.groupContactChoice;
      title = contact ? 'Main contact of the group' : 'Customer';
      body = (
        <SimpleGrid cols={2}>
          <Button size="lg" variant="light" onClick={() => go(contact ? PAGES.groupContactSearch : PAGES.customerSearch)}>
            Search customer
          </Button>
          <Button size="lg" variant="light" onClick={() => { set({ customer: null }); go(contact ? PAGES.groupContactNew : PAGES.customerNew); }}>
            New customer
          </Button>
        </SimpleGrid>
      );
      break;
    }
    case PAGES.customerSearch:
    case PAGES.groupContactSearch:
      title = wizard.page === PAGES.customerSearch ? 'Search customer' : 'Search the group contact';
      body = (
        <Stack>
        {chosen}
        <CustomerSearch
          storeId={store.id}
          selected={draft.customer}
          onSelect={(c) => set({ customer: c })}
          by={draft.searchBy}
          onByChange={(searchBy) => set({ searchBy, searchText: '' })}
          text={draft.searchText}
          onTextChange={(searchText) => set({ searchText })}
        />
        </Stack>
      );
      // Search Customer shows Next only once a customer is selected; the group contact page explains instead.
      next = wizard.page === PAGES.customerSearch && !draft.customer ? null : () => void leaveCustomerPage(wizard.page);
      break;
    case PAGES.customerNew:
    case PAGES.groupContactNew:
      title = wizard.page === PAGES.customerNew ? 'New customer' : 'New group contact';
      body = (
        <FormProvider {...form}>
          {chosen}
          <NewCustomer
            storeId={store.id}
            results={matches}
            selected={draft.customer}
            onSelect={(customer) => set({ customer, createAnyway: false })}
            createAnyway={draft.createAnyway}
            onCreateAnyway={(createAnyway) => set({ createAnyway, customer: createAnyway ? null : draft.customer })}
          />
        </FormProvider>
      );
      next = () => void leaveCustomerPage(wizard.page);
      break;
    case PAGES.groupSize:
      title = 'Group size';
      body = (
        <Stack>
          <Group gap="xs" role="group" aria-label="Group size quick picks">
            {GROUP_QUICK_PICKS.map((n) => (
              <Button key={n} variant={draft.size === n ? 'filled' : 'light'} onClick={() => set({ size: n })} aria-pressed={draft.size === n}>
                {n}
              </Button>
            ))}
          </Group>
          <NumberInput label="Group size" min={2} max={50} value={draft.size} onChange={(v) => set({ size: Number(v) || 0 })} allowDecimal={false} />
          {draft.size > 1 && <Text c="dimmed">{groupNote(draft.size)}</Text>}
          {needsCardForGroup(draft.size) && (
            <Alert color="yellow" variant="light">
              {WIZARD_MESSAGES.groupCard}
            </Alert>
          )}
        </Stack>
      );
      next = () => {
        if (!(draft.size > 1)) return setProblem(WIZARD_MESSAGES.groupSize);
        set({ selections: resizeSelections(draft.selections, draft.size) });
        go(PAGES.groupContactChoice);
      };
      break;
    case PAGES.staff:
      title = 'Choose staff';
      body = staff.isPending ? (
        <Text>Loading …</Text>
      ) : !hasStaff(staff.data ?? []) ? (
        <NoStaffNotice owner={access.can('storeOwner')} />
      ) : (
        <Radio.Group label="Staff" value={draft.staffId ? String(draft.staffId) : null} onChange={(v) => set({ staffId: Number(v) })}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs">
            {staffList.map((e) => (
              <Radio key={e.id} value={String(e.id)} label={<Text span tt="capitalize">{staffLabel(e)}</Text>} />
            ))}
            <Radio value={String(NEXT_AVAILABLE.id)} label={NEXT_AVAILABLE.label} />
          </SimpleGrid>
        </Radio.Group>
      );
      next = () => (draft.staffId === null ? setProblem(WIZARD_MESSAGES.chooseStaff) : go(PAGES.services));
      break;
    case PAGES.services: {
      title = 'Choose services';
      const selections = resizeSelections(draft.selections, people);
      body =
        services.isSuccess && offered.length === 0 ? (
          <Alert color="yellow">
            {WIZARD_MESSAGES.noService} <CreateServicesLink owner={access.can('storeOwner')} />
          </Alert>
        ) : (
          <Stack>
            {selections.map((sel, person) => (
              <Checkbox.Group
                key={person}
                label={isGroup ? `Person ${person + 1}` : 'Services'}
                description={`Total: ${totalDuration(sel, allServices)} min`}
                value={sel.map(String)}
                onChange={() => undefined}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {shown.map((s) => (
                    <Checkbox
                      key={s.id}
                      value={String(s.id)}
                      label={`${s.name} · ${s.duration} min · ${formatDollars(s.price)}`}
                      onChange={() => set({ selections: selections.map((x, i) => (i === person ? toggleService(x, s.id) : x)) })}
                    />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            ))}
          </Stack>
        );
      next = () => {
        const p = servicesProblem(selections);
        if (p) return setProblem(p);
        set({ selections });
        go(PAGES.time);
      };
      break;
    }
    case PAGES.time: {
      title = 'Date and time';
      const list = slots.data?.slots ?? [];
      body = (
        <Stack>
          <TextInput type="date" label="Date" value={draft.date} min={today} onChange={(e) => onDateChange(e.currentTarget.value)} />
          <Text size="sm" c="dimmed">
            <Text span tt="capitalize" inherit>{staffName(draft.staffId ?? 0)}</Text> · {slots.data?.duration ?? totalDuration(longest, allServices)} min
          </Text>
          {slots.isPending && dateOk ? <Text>Loading …</Text> : null}
          {slots.isSuccess && list.length === 0 && <Text>No start time is open on this date (the store is closed, or it is a day off).</Text>}
          {slots.isError && <Alert color="red">{slots.error.message}</Alert>}
          {list.length > 0 && (
            <div role="radiogroup" aria-label="Start times">
              <SimpleGrid cols={{ base: 3, sm: 5 }} spacing={6}>
                {list.map((s) => {
                  const picked = draft.start === s.start;
                  return (
                    <UnstyledButton
                      key={`${s.startMin}-${s.start}`}
                      role="radio"
                      aria-checked={picked}
                      aria-label={s.free ? s.start : `${s.start}, conflict`}
                      onClick={() => set({ start: s.start })}
                      style={{
                        padding: '6px 4px',
                        textAlign: 'center',
                        borderRadius: 6,
                        border: `1px solid ${s.free ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-orange-7)'}`,
                        background: picked ? 'var(--mantine-color-blue-8)' : s.free ? 'transparent' : 'var(--mantine-color-orange-0)',
                        color: picked ? 'white' : 'inherit',
                      }}
                    >
                      <Text span size="sm">{s.start}</Text>
                      {!s.free && (
                        <Text span size="xs" fw={700} c={picked ? 'white' : undefined} display="block">
                          conflict
                        </Text>
                      )}
                    </UnstyledButton>
                  );
                })}
              </SimpleGrid>
            </div>
          )}
          {draft.start && list.some((s) => s.start === draft.start && !s.free) && (
            <Alert color="orange" variant="light">
              {conflictText(draft.staffId, staffName(draft.staffId ?? 0), draft.start)}
            </Alert>
          )}
        </Stack>
      );
      // Next only once an offered start is chosen (the spec's 'start is not 00:00'); a start kept from a
      // clicked slot or an earlier visit counts only while this day still offers it.
      next = list.some((s) => s.start === draft.start)
        ? () => {
            const p = dateProblem(draft.date, today);
            if (p) return void alert(WIZARD_MESSAGES.invalidDateTitle, p);
            go(PAGES.notes);
          }
        : null;
      break;
    }
    case PAGES.notes:
      title = 'Notes';
      body = (
        <Stack>
          <Summary draft={draft} people={people} staffName={staffName} services={allServices} newName={draft.isNew ? fullName({ fname, lname }) : null} newPhone={phone} />
          {isGroup && <Text c="dimmed">{groupNote(people)}</Text>}
          <Textarea label="Notes" value={draft.note} onChange={(e) => set({ note: e.currentTarget.value })} autosize minRows={2} maxLength={900} />
          {isGroup && needsCardForGroup(people) && <GroupCard storeId={store.id} card={draft.card} onCard={(card) => set({ card })} />}
          {access.isStoreLogin && (
            <Switch label="Send confirmation" checked={draft.sendConfirmation} onChange={(e) => set({ sendConfirmation: e.currentTarget.checked })} />
          )}
        </Stack>
      );
      break;
  }

  // The calendar hides Book from limited staff; a deep link or a stale screen still gets a plain answer.
  if (!access.loading && !access.can('storeNotLimited')) {
    return (
      <Modal opened onClose={onClose} title="New appointment">
        <Text>Limited staff cannot book appointments.</Text>
      </Modal>
    );
  }

  if (done) {
    return (
      <Modal opened onClose={onClose} title="Booked" size="lg">
        <Stack>
          <Text>{done.written.length > 1 ? `${done.written.length} appointments booked.` : 'The appointment is booked.'}</Text>
          {done.written.flatMap((w) => w.overlaps ?? []).map((o, i) => (
            <Alert key={`${o.appointmentId}-${i}`} color="orange" variant="light">
              {overlapLine(o, staffName(o.staffId))}
            </Alert>
          ))}
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close the wizard' }}>
      <Stack>
        {body}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between" style={STICKY_FOOTER} data-testid="wizard-footer">
          <Group gap="xs">
            {!wizard.isFirst && (
              <Button variant="default" onClick={back}>
                Back
              </Button>
            )}
            <Button variant="subtle" onClick={reset}>
              Reset
            </Button>
          </Group>
          {wizard.page === PAGES.notes ? (
            <Button onClick={() => void finish()} loading={busy}>
              Finish
            </Button>
          ) : (
            next && <Button onClick={next}>Next</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function Summary({ draft, people, staffName, services, newName, newPhone }: {
  draft: Draft;
  people: number;
  staffName: (id: number) => string;
  services: ServiceView[];
  newName: string | null;
  newPhone: string;
}) {
  const names = (ids: number[]) => ids.map((id) => services.find((s) => s.id === id)?.name ?? `#${id}`).join(', ');
  const who: Pick<Customer, 'fname' | 'lname'> | null = draft.customer;
  return (
    <Stack gap={4}>
      <Text component="div">
        <Text span fw={600}>Customer: </Text>
        <Text span tt="capitalize">{newName ?? (who ? customerName(who) : '')}</Text>
        {newName ? <Badge ml={6} variant="light">new</Badge> : null} {newName ? formatPhone(newPhone) : draft.customer?.phone ? formatPhone(draft.customer.phone) : ''}
      </Text>
      <Text>
        <Text span fw={600}>When: </Text>
        {draft.date} {draft.start} with <Text span tt="capitalize">{staffName(draft.staffId ?? 0)}</Text>
      </Text>
      {resizeSelections(draft.selections, people).map((sel, i) => (
        <Text key={i}>
          <Text span fw={600}>{people > 1 ? `Person ${i + 1}: ` : 'Services: '}</Text>
          {names(sel)}
        </Text>
      ))}
    </Stack>
  );
}
