import { Container, Paper } from '@mantine/core';
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
