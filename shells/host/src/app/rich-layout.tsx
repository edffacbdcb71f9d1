import { useSession } from '@turnbook/web-kit';
import { LoadingState, UiProviders } from '@turnbook/web-kit/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteFooter } from '../features/frame/site-footer';
import { SiteHeader } from '../features/frame/site-header';
import { RemoteRoute } from '../features/remotes/remote-route';
import { FirstView } from './first-view';
import './public.css';

// Loaded on first use, so /login and /register download neither: the menu frame (logged in only), and the
// dialogs, notifications and query client (the modules, the frame, activation and password reset need them).
const AppFrame = lazy(() => import(/* webpackChunkName: "app-frame" */ '../features/frame/app-frame').then((m) => ({ default: m.AppFrame })));
const AppServices = lazy(() => import(/* webpackChunkName: "app-services" */ './app-services'));
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../features/auth/login/login-page'));
const RegisterPage = lazy(() => import(/* webpackChunkName: "register" */ '../features/auth/register/register-page'));
const ActivatePage = lazy(() => import(/* webpackChunkName: "activate" */ '../features/auth/activate/activate-page'));
const ConfirmEmailPage = lazy(() => import(/* webpackChunkName: "confirm-email" */ '../features/auth/confirm-email/confirm-email-page'));
const ForgotPasswordPage = lazy(() => import(/* webpackChunkName: "forgot-password" */ '../features/auth/forgot-password/forgot-password-page'));
const ResetPasswordPage = lazy(() => import(/* webpackChunkName: "reset-password" */ '../features/auth/reset-password/reset-password-page'));

function WithServices({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <AppServices>{children}</AppServices>
    </Suspense>
  );
}

/** Logged out: the public header and footer around the page; logged in: the menu frame. */
function Chrome({ children, loggedIn }: { children: ReactNode; loggedIn: boolean }) {
  if (loggedIn) {
    return (
      <Suspense fallback={<LoadingState />}>
        <AppFrame>{children}</AppFrame>
      </Suspense>
    );
  }
  return (
    <div className="tb-page">
      <SiteHeader />
      <main id="main" className="tb-main">
        <FirstView />
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

const PUBLIC_PAGES = { login: LoginPage, register: RegisterPage, 'forgot-password': ForgotPasswordPage };
export type PublicPage = keyof typeof PUBLIC_PAGES;

/**
 * A logged-out account page alone, for the shell's public layout: its header and footer (the largest
 * text on the page) paint with the first screen instead of waiting for the UI kit's code and styles.
 */
export function PublicPageWithKit({ page }: { page: PublicPage }) {
  const Page = PUBLIC_PAGES[page];
  return (
    <UiProviders>
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    </UiProviders>
  );
}

/** Everything that needs the UI kit: auth pages and the federated modules, inside the frame. */
export default function RichLayout() {
  const loggedIn = Boolean(useSession((s) => s.access_token));
  // Logged in, the services wrap the whole frame (its update notice uses them); logged out, only the
  // routes that use them get them.
  const services = (page: ReactNode) => (loggedIn ? page : <WithServices>{page}</WithServices>);
  const page = (
    <Chrome loggedIn={loggedIn}>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="activate" element={services(<ActivatePage />)} />
          <Route path="confirm-email" element={services(<ConfirmEmailPage />)} />
          <Route path="reset-password" element={services(<ResetPasswordPage />)} />
          <Route path="*" element={services(<RemoteRoute />)} />
        </Routes>
      </Suspense>
    </Chrome>
  );
  return <UiProviders>{loggedIn ? <WithServices>{page}</WithServices> : page}</UiProviders>;
}
