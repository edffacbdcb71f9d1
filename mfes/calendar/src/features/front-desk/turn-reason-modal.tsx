import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { reasonProblem } from './front-desk-rules';

/** A manual move asks why: the turn history keeps the answer, so a dispute ends with facts. */
export function ReasonModal({ onCancel, onSave }: { onCancel: () => void; onSave: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = reasonProblem(reason);
    if (problem) return setFailure(problem);
    setBusy(true);
    try {
      await onSave(reason.trim());
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onCancel} title="Why does the order change?" centered>
      <form onSubmit={submit} noValidate aria-label="Reason for the move">
        <Stack>
          <TextInput label="Reason" value={reason} onChange={(e) => { setReason(e.currentTarget.value); setFailure(null); }} maxLength={200} data-autofocus />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button type="submit" loading={busy}>
              Save order
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
