import { Text } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { whenDialogsReady } from '@turnbook/web-kit';
import type { ReactNode } from 'react';

/** Mantine's modals API once the provider listens: the shell mounts it, and loads Modal, on first use. */
const ready = () => whenDialogsReady().then(() => import('@mantine/modals')).then((m) => m.modals);

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
    void ready().then((modals) => modals.openConfirmModal({
      title: opts.title ?? 'Please confirm',
      children: <Text>{question}</Text>,
      labels: { confirm: opts.confirmLabel ?? 'Yes', cancel: opts.cancelLabel ?? 'No' },
      confirmProps: opts.danger ? { color: 'red' } : undefined,
      onConfirm: () => done(true),
      onCancel: () => done(false),
      onClose: () => done(false),
    }));
  });
}

/** A message with one Close button (the spec's generic alert, e.g. 'Invalid date!!!'). */
export function alert(title: ReactNode, message: ReactNode, closeLabel = 'Close'): Promise<void> {
  return new Promise((resolve) => {
    void ready().then((modals) => modals.openConfirmModal({
      title,
      children: typeof message === 'string' ? <Text>{message}</Text> : message,
      labels: { confirm: closeLabel, cancel: '' },
      cancelProps: { display: 'none' },
      onConfirm: () => resolve(),
      onClose: () => resolve(),
    }));
  });
}

/** Any content in a modal; returns the id for modals.close(id). */
export function openModal(title: ReactNode, children: ReactNode, size: 'sm' | 'md' | 'lg' | 'xl' = 'md'): string {
  // Chosen here (each build has its own copy of this file), so the caller can close it before it opens.
  const modalId = randomId();
  void ready().then((modals) => modals.open({ modalId, title, children, size }));
  return modalId;
}

export const closeModal = (id: string): void => void ready().then((modals) => modals.close(id));
