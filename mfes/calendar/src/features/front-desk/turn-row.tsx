import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { displayName } from '@turnbook/domain/text/names';

function GripIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="3" r="1.5" />
      <circle cx="11" cy="3" r="1.5" />
      <circle cx="5" cy="8" r="1.5" />
      <circle cx="11" cy="8" r="1.5" />
      <circle cx="5" cy="13" r="1.5" />
      <circle cx="11" cy="13" r="1.5" />
    </svg>
  );
}

const turnsText = (n: number | undefined) => (n === undefined ? '' : `${n} turn${n === 1 ? '' : 's'}`);

/** One name in the turn order: its place, its turns today, and a grip to drag it by when the caller may reorder. */
export function TurnRow({ name, position, turns, sortable }: { name: string; position: number; turns?: number; sortable: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: name, disabled: !sortable });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={6}
      radius="md"
      shadow={isDragging ? 'md' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: 'relative' }}
    >
      <Group wrap="nowrap" gap="sm">
        {sortable ? (
          <UnstyledButton {...attributes} {...listeners} aria-label={`Drag ${displayName(name)}, position ${position}`} style={{ cursor: 'grab', touchAction: 'none', padding: 8, display: 'flex' }}>
            <GripIcon />
          </UnstyledButton>
        ) : null}
        <Text fw={700} w={28}>
          {position}.
        </Text>
        <Text fw={600} style={{ flex: 1 }}>
          {displayName(name)}
        </Text>
        {turns !== undefined ? <Text size="sm">{turnsText(turns)}</Text> : null}
      </Group>
    </Paper>
  );
}
