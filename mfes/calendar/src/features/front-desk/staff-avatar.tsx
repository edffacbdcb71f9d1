import { Avatar } from '@mantine/core';
import type { EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { avatarLetter } from './front-desk-rules';

/** The staff member's picture, else the first letter of the nickname or first name on their colour. */
export function StaffAvatar({ employee: e, size = 32 }: { employee: Pick<EmployeeView, 'nickname' | 'fname' | 'url' | 'profile_image' | 'color'>; size?: number }) {
  const src = e.url || e.profile_image || null;
  // The name is always written next to the avatar: the picture itself says nothing more to a screen reader.
  return src ? (
    <Avatar src={src} alt="" size={size} radius="xl" />
  ) : (
    <Avatar size={size} radius="xl" color="dark" variant="filled" aria-hidden>
      {avatarLetter(e)}
    </Avatar>
  );
}
