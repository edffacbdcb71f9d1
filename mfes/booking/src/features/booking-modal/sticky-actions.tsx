import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A modal's main buttons, kept at the bottom of the modal's scrolling body: on a phone a day's times are
 * taller than the screen, and Next / Submit fell below the fold.
 */
export function StickyActions({ children }: { children: ReactNode }) {
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="sm"
      mb="calc(var(--mantine-spacing-md) * -1)"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-sticky-actions
    >
      {children}
    </Box>
  );
}
