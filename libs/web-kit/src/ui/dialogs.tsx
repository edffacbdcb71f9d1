import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

/**
 * Asks a yes/no question with the spec's wording (e.g. 'Do you want to update the setting?') and resolves
 * true on confirm, false on cancel or close.
 */
export function confirm(question: string, opts: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const done = (v: boolean) => {
      if (answered) return;
      answered = true;
      resolve(v);
    };
    modals.openConfirmModal({
      title: opts.title ?? 'Please confirm',
      children: <Text>{question}</Text>,
      labels: { confirm: opts.confirmLabel ?? 'Yes', cancel: opts.cancelLabel ?? 'No' },
      confirmProps: opts.danger ? { color: 'red' } : undefined,
      onConfirm: () => done(true),
      onCancel: () => done(false),
      onClose: () => done(false),
    });
  });
}

/** A message with one Close button (the spec's generic alert, e.g. 'Invalid date!!!'). */
export function alert(title: ReactNode, message: ReactNode, closeLabel = 'Close'): Promise<void> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: typeof message === 'string' ? <Text>{message}</Text> : message,
      labels: { confirm: closeLabel, cancel: '' },
      cancelProps: { display: 'none' },
      onConfirm: () => resolve(),
      onClose: () => resolve(),
    });
  });
}

/** Any content in a modal; returns the id for modals.close(id). */
export function openModal(title: ReactNode, children: ReactNode, size: 'sm' | 'md' | 'lg' | 'xl' = 'md'): string {
  return modals.open({ title, children, size });
}

export const closeModal = (id: string): void => modals.close(id);
