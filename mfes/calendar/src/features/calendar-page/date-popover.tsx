import '@mantine/dates/styles.css';
import { Button, Popover } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState } from 'react';

/** The mini-calendar (weeks start Monday), open as soon as it has loaded: it was asked for by a click. */
export default function DatePopover({ date, label, onChange }: { date: string; label: string; onChange: (date: string) => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" shadow="md">
      <Popover.Target>
        <Button variant="default" aria-haspopup="dialog" aria-label={`Date ${label}`} onClick={() => setOpened((o) => !o)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          value={date}
          firstDayOfWeek={1}
          onChange={(d) => {
            if (!d) return;
            setOpened(false);
            onChange(String(d).slice(0, 10));
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
