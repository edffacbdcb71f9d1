import { Container, Paper } from '@mantine/core';
// The account pages' Mantine components (states.tsx brings the text, button and alert ones): /login and
// /register download these instead of the whole sheet, which comes with the app's services.
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Progress.css';
import type { ReactNode } from 'react';

/** The centred card of the account pages (login, register, password, activation). */
export function AuthCard({ children, width = 440 }: { children: ReactNode; width?: number }) {
  return (
    <Container size={width} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
        {children}
      </Paper>
    </Container>
  );
}
