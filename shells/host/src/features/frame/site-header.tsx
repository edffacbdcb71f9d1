import { useSession } from '@turnbook/web-kit';
import { Link } from 'react-router-dom';
import { Logo } from './logo';

/** Header of the public pages: brand, Login and Sign Up (or the way back in when logged in). */
export function SiteHeader() {
  const token = useSession((s) => s.access_token);
  return (
    <header className="tb-header">
      <a className="tb-skip" href="#main">
        Skip to content
      </a>
      <Link to="/" className="tb-brand" aria-label="Turnbook home">
        <Logo />
        <span>Turnbook</span>
      </Link>
      <nav aria-label="Account" className="tb-header__nav">
        {token ? (
          <Link className="tb-btn tb-btn--primary" to="/stores">
            My stores
          </Link>
        ) : (
          <>
            <Link className="tb-btn tb-btn--ghost" to="/login">
              Login
            </Link>
            <Link className="tb-btn tb-btn--primary" to="/register">
              Sign Up
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}
