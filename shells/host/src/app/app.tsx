import { usePageTitle, useSession } from '@turnbook/web-kit';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/home-page';
import { useVersionReload } from '../features/updates/use-version-reload';
import { PublicLayout, RedirectIfLoggedIn } from './public-layout';
import { PageSpinner } from './page-spinner';

// Public marketing and legal pages render without the UI kit so the landing page stays light; everything
// else lives in the rich layout (Mantine, TanStack Query, the menu frame), downloaded on first use.
const RichLayout = lazy(() => import(/* webpackChunkName: "rich-layout" */ './rich-layout'));
// Logged out, /login, /register and /forgot-password render in the public layout: header and footer paint
// at once, the form follows with the kit (same chunk as the rich layout).
const PublicPageWithKit = lazy(() => import(/* webpackChunkName: "rich-layout" */ './rich-layout').then((m) => ({ default: m.PublicPageWithKit })));
const PUBLIC_KIT_PAGES = ['login', 'register', 'forgot-password'] as const;
const FaqPage = lazy(() => import(/* webpackChunkName: "faq" */ '../features/faq/faq-page'));
const TermsPage = lazy(() => import(/* webpackChunkName: "legal" */ '../features/legal/terms-page'));
const PrivacyPage = lazy(() => import(/* webpackChunkName: "legal" */ '../features/legal/privacy-page'));

export function App() {
  usePageTitle();
  useVersionReload();
  const loggedIn = Boolean(useSession((s) => s.access_token));
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<RedirectIfLoggedIn><HomePage /></RedirectIfLoggedIn>} />
        <Route path="faqs" element={<RedirectIfLoggedIn><FaqPage /></RedirectIfLoggedIn>} />
        <Route path="terms-of-use" element={<TermsPage />} />
        <Route path="privacy-policy" element={<PrivacyPage />} />
        {!loggedIn && PUBLIC_KIT_PAGES.map((page) => <Route key={page} path={page} element={<PublicPageWithKit page={page} />} />)}
      </Route>
      <Route
        path="*"
        element={
          <Suspense fallback={<PageSpinner />}>
            <RichLayout />
          </Suspense>
        }
      />
    </Routes>
  );
}
