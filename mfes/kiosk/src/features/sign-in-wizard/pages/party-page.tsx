import { Button, Stack, Text, Title } from '@mantine/core';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { canSignIn, capitalised, MAX_PARTY, type KioskService } from '../wizard-model';

interface Props {
  services: KioskService[] | undefined;
  servicesError: boolean;
  /** the appointment path's 'Change services': one person, no party size */
  single: boolean;
  partySize: number;
  picks: number[][];
  /** staff names customers may ask for (none: the choice is not offered) */
  staffNames: string[];
  staff: string[];
  onStaff: (person: number, name: string) => void;
  onPartySize: (size: number) => void;
  onToggle: (person: number, serviceId: number) => void;
  onSignIn: () => void;
}

const personLabel = (i: number, size: number) => (size === 1 ? 'Your services' : i === 0 ? 'Person 1 (you)' : `Person ${i + 1}`);

/** Page 4: how many people, and the services of each; Sign In once every person has one. */
export function PartyPage(p: Props) {
  const size = p.single ? 1 : p.partySize;
  return (
    <Stack gap="xl" className="tb-kiosk-wide">
      {!p.single && (
        <Stack gap="sm">
          <Title order={1} ta="center">How many people?</Title>
          <div className="tb-kiosk-party" role="group" aria-label="Party size">
            {Array.from({ length: MAX_PARTY }, (_, i) => i + 1).map((n) => (
              <Button key={n} size="xl" variant={n === size ? 'filled' : 'default'} aria-pressed={n === size} onClick={() => p.onPartySize(n)}
                aria-label={n === 1 ? '1 person' : `${n} people`}>
                {n}
              </Button>
            ))}
          </div>
        </Stack>
      )}
      <Title order={2} ta="center">{size === 1 ? 'Choose your services' : 'Choose services for each person'}</Title>
      {p.servicesError && <ErrorState message="The services could not be loaded. Please see the front desk." />}
      {!p.services && !p.servicesError && <LoadingState label="Loading services…" />}
      {p.services &&
        Array.from({ length: size }, (_, person) => (
          <fieldset key={person} className="tb-kiosk-person">
            <legend>
              <Text fw={700} size="lg" component="span">{personLabel(person, size)}</Text>
            </legend>
            <div className="tb-kiosk-services">
              {p.services!.map((s) => {
                const on = p.picks[person]?.includes(s.id) ?? false;
                return (
                  <Button key={s.id} size="lg" variant={on ? 'filled' : 'default'} aria-pressed={on} onClick={() => p.onToggle(person, s.id)}
                    className="tb-kiosk-service">
                    {s.name}
                  </Button>
                );
              })}
            </div>
            {p.staffNames.length > 0 && (
              <div className="tb-kiosk-staff" role="group" aria-label={`${personLabel(person, size)}: staff`}>
                <Text size="md" c="dimmed" component="span">With:</Text>
                {['', ...p.staffNames].map((name) => {
                  const on = (p.staff[person] ?? '') === name;
                  return (
                    <Button key={name || 'anyone'} size="md" radius="xl" variant={on ? 'filled' : 'default'} aria-pressed={on} onClick={() => p.onStaff(person, name)}>
                      {name ? capitalised(name) : 'Anyone'}
                    </Button>
                  );
                })}
              </div>
            )}
          </fieldset>
        ))}
      <div className="tb-kiosk-actions">
        {canSignIn(p.picks, size) ? (
          <Button size="xl" className="tb-kiosk-big" onClick={p.onSignIn}>Sign In</Button>
        ) : (
          <Text c="dimmed" size="lg">{size === 1 ? 'Choose at least one service' : 'Choose a service for every person'}</Text>
        )}
      </div>
    </Stack>
  );
}
