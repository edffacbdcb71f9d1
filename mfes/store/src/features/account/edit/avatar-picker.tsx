import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { AvatarChoice } from './use-avatar-choice';

/** The picture (current, or the new one's preview), Change avatar, and Rotate for a new one. */
export function AvatarPicker({ current, choice }: { current: string; choice: AvatarChoice }) {
  const { preview, orientation, photoError, choose, rotate } = choice;
  return (
    <Stack align="center" gap="xs">
      <Avatar
        src={preview ?? current}
        alt={preview ? 'Preview of the new picture' : 'Current picture'}
        size={120}
        radius={120}
        style={{ transform: preview ? `rotate(${orientation}deg)` : undefined, transition: 'transform 150ms' }}
      />
      <Group gap="xs" justify="center">
        <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp,image/gif">
          {(props) => (
            <Button variant="light" size="xs" {...props}>
              Change avatar
            </Button>
          )}
        </FileButton>
        {preview && (
          <Button variant="default" size="xs" onClick={rotate} aria-label={`Rotate 90 degrees (now ${orientation})`}>
            ⟳ Rotate
          </Button>
        )}
      </Group>
      {preview && (
        <Text size="xs" c="dimmed" aria-live="polite">
          Rotation: {orientation}°
        </Text>
      )}
      {photoError && (
        <Text size="sm" c="red" role="alert">
          {photoError}
        </Text>
      )}
    </Stack>
  );
}
