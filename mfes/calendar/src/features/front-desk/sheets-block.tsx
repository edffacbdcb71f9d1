import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { FRONT_DESK_MESSAGES, isServed, sheetCards, type Sheet } from './front-desk-rules';
import { displayName } from '@turnbook/domain/text/names';

export interface SheetsBlockProps {
  sheets: Sheet[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** the day's appointments by id: a linked sheet shows its appointment's time */
  appointments: ReadonlyMap<number, AppointmentView>;
  /** null: read only (limited staff) */
  onOpen: ((sheet: Sheet) => void) | null;
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm" component="span" display="block">
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** One person of a card: who, what they asked for, and who serves them once checked in. */
function Person({ sheet: s, appointment, onOpen }: { sheet: Sheet; appointment: AppointmentView | undefined; onOpen: SheetsBlockProps['onOpen'] }) {
  const served = isServed(s);
  const body = (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text fw={700} component="span">
          {displayName(s.customer_name) || 'Customer'}
        </Text>
        {served ? (
          <Badge color="teal.9" variant="filled" component="span">
            ✓ Checked in {s.checked}
          </Badge>
        ) : (
          <Text span size="sm" fw={700}>
            Waiting
          </Text>
        )}
      </Group>
      {s.customer_phone ? <Line label="Phone">{formatPhone(s.customer_phone)}</Line> : null}
      {appointment ? <Line label="Appointment">{appointment.start}</Line> : null}
      {s.service_by_customer ? <Line label="Services">{s.service_by_customer}</Line> : null}
      <Line label="Arrived">{s.arrived_time}</Line>
      {!served && s.staff_by_customer ? <Line label="Requested">{s.staff_by_customer}</Line> : null}
      {served ? <Line label="Served by">✓ {displayName(s.staff_fname)}</Line> : null}
      {s.note ? <Line label="Note">{s.note}</Line> : null}
    </Stack>
  );
  const style = { padding: 8, borderRadius: 6, background: served ? undefined : 'var(--mantine-color-green-0)', cursor: onOpen ? 'pointer' : undefined };
  // The whole sheet opens the check-in for a pointer; the button is the way for keyboards and screen readers.
  return (
    <div style={style} data-testid={`sheet-${s.id}`} onClick={onOpen ? () => onOpen(s) : undefined}>
      {body}
      {onOpen ? (
        <Button
          size="xs"
          mt={6}
          variant={served ? 'default' : 'filled'}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(s);
          }}
          aria-label={`${served ? 'Update' : 'Check In'} ${s.customer_name || 'customer'}`}
        >
          {served ? 'Update' : 'Check In'}
        </Button>
      ) : null}
    </div>
  );
}

/** The Sign-in Sheets block: the day's people in order of arrival, a party as one card, not yet served in green. */
export function SheetsBlock({ sheets, loading, error, onRetry, appointments, onOpen }: SheetsBlockProps) {
  const cards = sheetCards(sheets ?? []);
  return (
    <Stack gap="xs" component="section" aria-labelledby="sheets-title">
      <Title order={2} size="h4" id="sheets-title">
        Sign-in Sheets
      </Title>
      {error ? (
        <ErrorState message={error.message} onRetry={onRetry} />
      ) : loading ? (
        <LoadingState label="Loading the sign-in sheets…" />
      ) : cards.length === 0 ? (
        <EmptyState>{FRONT_DESK_MESSAGES.noCustomer}</EmptyState>
      ) : (
        <SimpleGrid type="container" cols={{ base: 1, '420px': 2, '760px': 3 }} spacing="xs" role="list" aria-label="Sign-in sheets">
          {cards.map((c) => {
            const waiting = c.sheets.some((s) => !isServed(s));
            return (
              <Paper
                key={c.key}
                role="listitem"
                withBorder
                p={4}
                radius="md"
                data-testid={c.party ? `party-${c.party.id}` : undefined}
                style={{ borderColor: waiting ? 'var(--mantine-color-green-7)' : undefined, borderWidth: waiting ? 2 : 1 }}
              >
                {c.party ? (
                  <Text size="sm" fw={700} px={8} pt={4}>
                    Party of {c.party.size}
                  </Text>
                ) : null}
                <Stack gap={4}>
                  {c.sheets.map((s) => (
                    <Person key={s.id} sheet={s} appointment={s.appointment_id ? appointments.get(s.appointment_id) : undefined} onOpen={onOpen} />
                  ))}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
