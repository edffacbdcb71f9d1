import { usePageTitle, useSession } from '@turnbook/web-kit';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useVersionReload } from '../features/updates/use-version-reload';
import { useScrollToTopOnNavigate } from '@turnbook/web-kit/ui/scroll-to-top';
import { PublicLayout, RedirectIfLoggedIn } from './public-layout';
import { PageSpinner } from './page-spinner';

// Public marketing and legal pages render without the UI kit so the landing page stays light; everything
// else lives in the rich layout (Mantine, TanStack Query, the menu frame), downloaded on first use.
const loadRichLayout = () => import(/* webpackChunkName: "rich-layout" */ './rich-layout');
const RichLayout = lazy(loadRichLayout);
// Logged out, /login, /register and /forgot-password render in the public layout: header and footer paint
// at once, the form follows with the kit (same chunk as the rich layout).
const PublicPageWithKit = lazy(() => import(/* webpackChunkName: "rich-layout" */ './rich-layout').then((m) => ({ default: m.PublicPageWithKit })));
// Each page's own chunk (same names as in rich-layout) is requested together with the kit's instead of after
// it: one round trip less before the form shows.
const PAGE_CHUNKS = {
  login: () => import(/* webpackChunkName: "login" */ '../features/auth/login/login-page'),
  register: () => import(/* webpackChunkName: "register" */ '../features/auth/register/register-page'),
  'forgot-password': () => import(/* webpackChunkName: "forgot-password" */ '../features/auth/forgot-password/forgot-password-page'),
};
const PUBLIC_KIT_PAGES = Object.keys(PAGE_CHUNKS) as (keyof typeof PAGE_CHUNKS)[];

function PublicKitPage({ page }: { page: keyof typeof PAGE_CHUNKS }) {
  void PAGE_CHUNKS[page]();
  return <PublicPageWithKit page={page} />;
}
// Every page of the rich layout runs inside the app's services (their chunk carries Mantine's whole
// stylesheet): requested with the layout instead of after it.
const loadAppServices = () => import(/* webpackChunkName: "app-services" */ './app-services');

function RichLayoutPage() {
  // The layout's chunk first: each chunk's stylesheet goes into the page as its load starts, and the services'
  // (Mantine's whole sheet) must come after the few Mantine sheets the layout's carries, or those override
  // the components built on them (UnstyledButton's padding: 0 over NavLink's).
  void loadRichLayout();
  void loadAppServices();
  return (
    <Suspense fallback={<PageSpinner />}>
      <RichLayout />
    </Suspense>
  );
}
// The home page's own chunk: every other route of the shell loads the app's chunk without it (the prerendered
// home page preloads it, build/prerender.mjs).
const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/home-page').then((m) => ({ default: m.HomePage })));
const FaqPage = lazy(() => import(/* webpackChunkName: "faq" */ '../features/faq/faq-page'));
const TermsPage = lazy(() => import(/* webpackChunkName: "legal" */ '../features/legal/terms-page'));
const PrivacyPage = lazy(() => import(/* webpackChunkName: "legal" */ '../features/legal/privacy-page'));

export function App() {
  usePageTitle();
  useVersionReload();
  useScrollToTopOnNavigate();
  const loggedIn = Boolean(useSession((s) => s.access_token));
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<RedirectIfLoggedIn><HomePage /></RedirectIfLoggedIn>} />
        <Route path="faqs" element={<RedirectIfLoggedIn><FaqPage /></RedirectIfLoggedIn>} />
        <Route path="terms-of-use" element={<TermsPage />} />
        <Route path="privacy-policy" element={<PrivacyPage />} />
        {!loggedIn && PUBLIC_KIT_PAGES.map((page) => <Route key={page} path={page} element={<PublicKitPage page={page} />} />)}
      </Route>
      <Route path="*" element={<RichLayoutPage />} />
    </Routes>
  );
}
