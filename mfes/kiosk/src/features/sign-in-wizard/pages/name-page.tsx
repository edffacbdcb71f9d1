import { Button, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';

/** Page 2: first and last name, both required. */
export function NamePage(props: { fname: string; lname: string; onChange: (v: { fname?: string; lname?: string }) => void; onNext: () => void }) {
  const [tried, setTried] = useState(false);
  const missingFirst = !props.fname.trim();
  const missingLast = !props.lname.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!missingFirst && !missingLast) props.onNext();
  };
  return (
    <form onSubmit={submit} noValidate className="tb-kiosk-center">
      <Stack gap="lg" className="tb-kiosk-narrow">
        <Title order={1} ta="center">What is your name?</Title>
        <TextInput size="xl" label="First name" required autoComplete="off" value={props.fname}
          onChange={(e) => props.onChange({ fname: e.currentTarget.value })} error={tried && missingFirst ? 'Please enter your first name' : undefined} />
        <TextInput size="xl" label="Last name" required autoComplete="off" value={props.lname}
          onChange={(e) => props.onChange({ lname: e.currentTarget.value })} error={tried && missingLast ? 'Please enter your last name' : undefined} />
        <Button type="submit" size="xl" className="tb-kiosk-big">Next</Button>
      </Stack>
    </form>
  );
}
