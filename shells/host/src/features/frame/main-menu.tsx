import { NavLink } from '@mantine/core';
import { useLogout, useSession } from '@turnbook/web-kit';
import { Link, useLocation } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { menuHref } from './menu-items';
import { useMenuEntries } from './use-menu-entries';

export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const entries = useMenuEntries();
  const session = useSession(useShallow((s) => ({ store_permalink: s.store_permalink, user_id: s.user_id })));
  const { pathname } = useLocation();
  const logout = useLogout();
  return (
    <nav aria-label="Main menu">
      {entries.map((entry) => {
        const href = menuHref(entry, session);
        if (!href) {
          return (
            <NavLink
              key={entry}
              component="button"
              label={entry}
              onClick={() => {
                onNavigate?.();
                logout();
              }}
              c="red.8"
            />
          );
        }
        return (
          <NavLink
            key={entry}
            component={Link}
            to={href}
            label={entry}
            active={pathname === href || (href !== '/' && pathname.startsWith(`${href}/`))}
            onClick={onNavigate}
            aria-current={pathname === href ? 'page' : undefined}
          />
        );
      })}
    </nav>
  );
}
