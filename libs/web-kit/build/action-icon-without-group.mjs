// What Mantine's ActionIcon imports only for its static ActionIcon.Group and ActionIcon.GroupSection, which no
// Turnbook screen draws (~0.5 KB gzip wherever an ActionIcon is: the login, the calendar, the customers).
// `ActionIconGroup` imported by name from '@mantine/core' is Mantine's own; ActionIcon.Group says so instead.
const LEFT_OUT = 'ActionIcon.Group is left out of Turnbook builds (web-kit build/action-icon-without-group.mjs): import ActionIconGroup from @mantine/core';

export function ActionIconGroup() {
  throw new Error(LEFT_OUT);
}

export function ActionIconGroupSection() {
  throw new Error(LEFT_OUT);
}
