import { useSession } from '@turnbook/web-kit';
import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { SiteFooter } from '../features/frame/site-footer';
import { SiteHeader } from '../features/frame/site-header';
import { PageSpinner } from './page-spinner';
import './public.css';

/** Header, page, footer for the public pages (home, FAQ, legal). */
export function PublicLayout() {
  return (
    <div className="tb-page">
      <SiteHeader />
      <main id="main" className="tb-main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A logged-in user on / or /faqs goes to /stores (docs/product/README.md). */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.access_token);
  if (token) return <Navigate to="/stores" replace />;
  return <>{children}</>;
}
