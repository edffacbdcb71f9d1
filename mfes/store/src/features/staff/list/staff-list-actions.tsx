import { ActionIcon } from '@mantine/core';
import { Hint } from '@turnbook/web-kit/ui';
import { Link } from 'react-router-dom';
import { ArchiveIcon, PlusIcon, ReorderIcon } from '../ui';

/** The owner's buttons beside the title: reorder, archived staff, add staff. */
export function StaffListActions({ onReorder, canReorder }: { onReorder: () => void; canReorder: boolean }) {
  return (
    <>
      <Hint label="Reorder">
        <ActionIcon variant="light" size="lg" onClick={onReorder} aria-label="Reorder staff" disabled={!canReorder}>
          <ReorderIcon />
        </ActionIcon>
      </Hint>
      <Hint label="Archived staff">
        <ActionIcon component={Link} to="/staffs-archive" variant="light" size="lg" aria-label="Archived staff">
          <ArchiveIcon />
        </ActionIcon>
      </Hint>
      <Hint label="Add staff">
        <ActionIcon component={Link} to="/staffs/create" variant="filled" size="lg" aria-label="Add staff">
          <PlusIcon />
        </ActionIcon>
      </Hint>
    </>
  );
}
