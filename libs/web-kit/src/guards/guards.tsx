import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { isSuperAdmin } from '../session/session-selectors';

/** A screen that needs a token and has none goes to /login (docs/product/README.md). */
export function RequireToken({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.access_token);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Admin pages send everyone but the super admin to /login (docs/product/README.md). */
export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.access_token);
  const role = useSession((s) => s.role);
  if (!token || !isSuperAdmin({ role })) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
