import { useSession } from '@turnbook/web-kit';
import { AppProviders, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteFooter } from '../features/frame/site-footer';
import { SiteHeader } from '../features/frame/site-header';
import { RemoteRoute } from '../features/remotes/remote-route';
import './public.css';

// The menu frame is only for a logged-in user: /login and /register do not download it.
const AppFrame = lazy(() => import(/* webpackChunkName: "app-frame" */ '../features/frame/app-frame').then((m) => ({ default: m.AppFrame })));
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../features/auth/login/login-page'));
const RegisterPage = lazy(() => import(/* webpackChunkName: "register" */ '../features/auth/register/register-page'));
const ActivatePage = lazy(() => import(/* webpackChunkName: "activate" */ '../features/auth/activate/activate-page'));
const ForgotPasswordPage = lazy(() => import(/* webpackChunkName: "forgot-password" */ '../features/auth/forgot-password/forgot-password-page'));
const ResetPasswordPage = lazy(() => import(/* webpackChunkName: "reset-password" */ '../features/auth/reset-password/reset-password-page'));

/** Logged out: the public header and footer around the page; logged in: the menu frame. */
function Chrome({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.access_token);
  if (token) {
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
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Everything that needs the UI kit: auth pages and the federated modules, inside the frame. */
export default function RichLayout() {
  return (
    <AppProviders>
      <Chrome>
        <Suspense fallback={<LoadingState />}>
          <Routes>
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="activate" element={<ActivatePage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="*" element={<RemoteRoute />} />
          </Routes>
        </Suspense>
      </Chrome>
    </AppProviders>
  );
}
