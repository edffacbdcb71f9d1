import { Badge, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { Link } from 'react-router-dom';
import { FRONT_DESK_MESSAGES } from './front-desk-rules';
import { fullName } from '@turnbook/domain/text/names';

const DATE = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
const showDate = (d: string) => (Number.isNaN(Date.parse(`${d}T00:00:00Z`)) ? d : DATE.format(new Date(`${d}T00:00:00Z`)));
const nameOf = (a: AppointmentView) => fullName({ fname: a.customerFname, lname: a.customerLname }) || 'Customer';

/** The Online Requests block: the day's approved online requests; a card opens that date on the calendar. */
export function OnlineRequestsBlock(props: { permalink: string; requests: AppointmentView[]; loading: boolean; error: Error | null; onRetry: () => void }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="requests-title">
      <Title order={2} size="h4" id="requests-title">
        Online Requests
      </Title>
      {props.error ? (
        <ErrorState message={props.error.message} onRetry={props.onRetry} />
      ) : props.loading ? (
        <LoadingState label="Loading the online requests…" />
      ) : props.requests.length === 0 ? (
        <EmptyState>{FRONT_DESK_MESSAGES.noRequest}</EmptyState>
      ) : (
        <Stack gap="xs" role="list" aria-label="Online requests">
          {props.requests.map((a) => (
            <Paper key={a.id} withBorder radius="md" role="listitem">
              <UnstyledButton component={Link} to={`/calendar/${props.permalink}?date=${a.date}`} p="sm" style={{ display: 'block' }} data-testid={`request-${a.id}`}>
                <Text fw={700} component="span" display="block">
                  {nameOf(a)}
                </Text>
                {a.customerPhone ? (
                  <Text size="sm" component="span" display="block">
                    {formatPhone(a.customerPhone)}
                  </Text>
                ) : null}
                <Text size="sm" component="span" display="block">
                  {showDate(a.date)} {a.start} - {a.end}
                </Text>
                <Text size="sm" component="span" display="block">
                  {a.services.filter(Boolean).map((s) => s.name).join(', ') || '—'}
                </Text>
                {a.note ? (
                  <Text size="sm" component="span" display="block">
                    Note: {a.note}
                  </Text>
                ) : null}
                <Badge color="teal.9" variant="filled" component="span" mt={4}>
                  {a.status}
                </Badge>
              </UnstyledButton>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
