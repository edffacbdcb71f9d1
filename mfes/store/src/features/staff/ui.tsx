import { Anchor, Avatar, Button, Container, Group, Stack, Text, Title, isLightColor } from '@mantine/core';
import { LoadingState, useScrollToTop } from '@turnbook/web-kit/ui';
import type { ReactNode, SVGProps } from 'react';
import { Link, Navigate } from 'react-router-dom';
import type { StoreRule } from '@turnbook/domain/roles/roles';
import { isCustomer, useSession } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { colorOf, initials, pictureOf, staffName, type Employee } from './model';

/**
 * Page chrome of the staff, days-off and customer screens: an optional back link, the title, actions on
 * the right (wrapping under the title on a phone).
 */
export function PeoplePage({
  title,
  back,
  actions,
  children,
  size = 'md',
}: {
  title: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Container size={size} px={{ base: 'xs', sm: 'md' }} py="md">
      <Stack gap="md">
        {back && (
          <Anchor component={Link} to={back.to} size="sm" w="fit-content">
            ← {back.label}
          </Anchor>
        )}
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/** The picture, else the initials on the staff colour. */
export function StaffAvatar({ employee, size = 48 }: { employee: Employee; size?: number }) {
  const pic = pictureOf(employee);
  if (pic) return <Avatar src={pic} alt={staffName(employee)} size={size} radius="xl" />;
  return (
    <Avatar size={size} radius="xl" color="white" styles={{ placeholder: { background: colorOf(employee), color: isLightColor(colorOf(employee)) ? '#000' : '#fff', fontWeight: 700 } }} aria-hidden>
      {initials(employee)}
    </Avatar>
  );
}

/** Screens that need a chosen store (session store_id) say so instead of failing. */
export function NeedsStore({ children }: { children: ReactNode }) {
  const access = useStoreAccess();
  // A customer has no store to choose: My Stores would only send them on to their appointments.
  const customer = useSession(isCustomer);
  if (!access.storeId && customer) return <Navigate to="/appointments" replace />;
  if (!access.storeId)
    return (
      <Container size="sm" py="xl">
        <Stack align="center" ta="center">
          <Title order={2}>Please choose a store first</Title>
          <Button component={Link} to="/stores">
            Go to My Stores
          </Button>
        </Stack>
      </Container>
    );
  return <>{children}</>;
}

/**
 * Shows the page only when the caller passes `allowed` (evaluated once the caller's staff role is known),
 * else redirects (docs/product/roles.md: owner-only pages send others to /staffs).
 */
export function Allowed({ rule, check, redirect, children }: { rule?: StoreRule; check?: (a: ReturnType<typeof useStoreAccess>) => boolean; redirect: string; children: ReactNode }) {
  const access = useStoreAccess();
  if (!access.storeId) return <NeedsStore>{null}</NeedsStore>;
  if (access.loading) return <LoadingState />;
  const ok = (rule ? access.can(rule) : true) && (check ? check(access) : true);
  if (!ok) return <Navigate to={redirect} replace />;
  return <>{children}</>;
}

/** The 'Updated!' / 'Removed!' / 'Congrats!!!' pages: a big word, a line, and a Done link. */
export function DonePanel({ title, message, to, label = 'Done' }: { title: string; message?: ReactNode; to: string; label?: string }) {
  useScrollToTop();
  return (
    <Stack align="center" ta="center" py="xl" gap="md" role="status">
      <Title order={1} size="h1">
        {title}
      </Title>
      {message && <Text size="lg">{message}</Text>}
      <Button component={Link} to={to} size="md">
        {label}
      </Button>
    </Stack>
  );
}

// Small inline icons (no icon library in the stack); decorative, so buttons carry aria-labels.
const base = (p: SVGProps<SVGSVGElement>) => ({ width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true, focusable: false, ...p });
export const PlusIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export const ArchiveIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <rect x="3" y="4" width="18" height="4" rx="1" />
    <path d="M5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8M10 12h4" />
  </svg>
);
export const ReorderIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M7 4v16M4 7l3-3 3 3M17 20V4M14 17l3 3 3-3" />
  </svg>
);
export const GripIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <circle cx="9" cy="6" r="1" fill="currentColor" />
    <circle cx="15" cy="6" r="1" fill="currentColor" />
    <circle cx="9" cy="12" r="1" fill="currentColor" />
    <circle cx="15" cy="12" r="1" fill="currentColor" />
    <circle cx="9" cy="18" r="1" fill="currentColor" />
    <circle cx="15" cy="18" r="1" fill="currentColor" />
  </svg>
);
export const EditIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
  </svg>
);
export const HeartIcon = ({ filled = true, ...p }: SVGProps<SVGSVGElement> & { filled?: boolean }) => (
  <svg {...base(p)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" />
  </svg>
);
