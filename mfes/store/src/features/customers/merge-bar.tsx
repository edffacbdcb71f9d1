import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ErrorState } from '@turnbook/web-kit/ui';
import type { CustomerMerge } from './use-customer-merge';

/** Merge mode's explanation, the chosen pair, and Merge once both are chosen. */
export function MergeBar({ merge: m }: { merge: CustomerMerge }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        Choose one customer to <strong>Keep</strong> and one to <strong>Delete</strong>: the deleted one's appointments move to the kept one.
      </Text>
      <Group gap="xs">
        <Badge color="teal.9" variant="outline">
          Keep: {m.keepId ?? '—'}
        </Badge>
        <Badge color="red.9" variant="outline">
          Delete: {m.deleteId ?? '—'}
        </Badge>
        {m.keepId != null && m.deleteId != null && (
          <Button color="red.9" size="xs" onClick={m.doMerge} loading={m.merging}>
            Merge
          </Button>
        )}
      </Group>
      {m.mergeError && <ErrorState message={m.mergeError} />}
    </Stack>
  );
}
