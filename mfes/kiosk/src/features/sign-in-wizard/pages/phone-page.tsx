import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { digitsOnly, formatPhone } from '@turnbook/domain/phone/phone';
import { useRef, type ReactNode } from 'react';
import { FULL_PHONE_LENGTH } from '../wizard-model';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'delete'] as const;

/**
 * A ten-digit phone shown as (XXX) XXX-XXXX while it is typed, with an on-screen keypad of large keys (the
 * field asks the tablet for no keyboard of its own, which would cover the keypad). Next shows only when the
 * number is complete (14 characters).
 */
export function PhonePage(props: { title: string; digits: string; onChange: (digits: string) => void; onNext: () => void; busy?: boolean; extra?: ReactNode }) {
  const { digits, onChange } = props;
  const shown = formatPhone(digits);
  const previous = useRef(shown);
  previous.current = shown;

  const typed = (value: string) => {
    let next = digitsOnly(value).slice(0, 10);
    // Deleting a bracket or a dash leaves the digits as they were: take the last digit instead.
    if (value.length < previous.current.length && next === digits) next = next.slice(0, -1);
    onChange(next);
  };
  const press = (key: (typeof KEYS)[number]) => {
    if (key === 'clear') onChange('');
    else if (key === 'delete') onChange(digits.slice(0, -1));
    else if (digits.length < 10) onChange(digits + key);
  };

  return (
    <Stack align="center" gap="lg" className="tb-kiosk-center">
      <Title order={1} ta="center">{props.title}</Title>
      <TextInput
        label="Phone number"
        size="xl"
        className="tb-kiosk-phone"
        inputMode="none"
        autoComplete="off"
        placeholder="(555) 555-5555"
        value={shown}
        onChange={(e) => typed(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && shown.length === FULL_PHONE_LENGTH && props.onNext()}
      />
      <div className="tb-kiosk-keypad" role="group" aria-label="Keypad">
        {KEYS.map((k) => (
          <Button key={k} size="xl" variant={k === 'clear' || k === 'delete' ? 'subtle' : 'default'} className={k === 'clear' ? 'tb-kiosk-key-word' : undefined} onClick={() => press(k)} aria-label={k === 'delete' ? 'Delete last digit' : k === 'clear' ? 'Clear' : k}>
            {k === 'delete' ? '⌫' : k === 'clear' ? 'Clear' : k}
          </Button>
        ))}
      </div>
      {props.extra}
      <div className="tb-kiosk-actions">
        {shown.length === FULL_PHONE_LENGTH ? (
          <Button size="xl" className="tb-kiosk-big" onClick={props.onNext} loading={props.busy}>
            Next
          </Button>
        ) : (
          <Text c="dimmed">Enter your 10-digit phone number</Text>
        )}
      </div>
    </Stack>
  );
}
