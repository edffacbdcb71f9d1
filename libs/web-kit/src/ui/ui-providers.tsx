/// <reference path="../types/assets.d.ts" />
// Mantine's base styles only: a screen adds its components' styles (states.tsx, the shell's account pages)
// and AppServices brings the whole sheet (~42 KB gzip) for everything that runs inside it.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/** Mantine's theme for everything below: all a page without dialogs, toasts or server state needs. */
export function UiProviders({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}
