import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';

const noSubscription = () => () => undefined;
/**
 * The browser's year; none in a page prerendered at build time (build/prerender.mjs), so the build's
 * year is never shown: hydration keeps the server's (empty) value, then renders the browser's.
 */
function useCurrentYear(): number | null {
  return useSyncExternalStore(noSubscription, () => new Date().getFullYear(), () => null);
}

export const CONTACT_EMAIL = 'support@turnbook.app';

const SOCIAL = [
  { label: 'Turnbook on Facebook', href: 'https://www.facebook.com/turnbookapp', path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v10h4V14h3l.5-4H14V8.6c0-.4.3-.6.6-.6z' },
  { label: 'Turnbook on Instagram', href: 'https://www.instagram.com/turnbookapp', path: 'M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5zm4 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5a1 1 0 100 2 1 1 0 000-2z' },
  { label: 'Turnbook on X (Twitter)', href: 'https://x.com/turnbookapp', path: 'M4 4h4.5l4 5.6L17 4h3l-6.1 7.3L21 20h-4.5l-4.3-6-5 6H4l6.8-8z' },
];

/** Footer on every page: contact, terms, privacy and social links (docs/product/README.md). */
export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="tb-footer">
      <nav aria-label="Footer" className="tb-footer__links">
        <a href={`mailto:${CONTACT_EMAIL}`}>Contact us</a>
        <Link to="/faqs">FAQ</Link>
        <Link to="/terms-of-use">Terms of Use</Link>
        <Link to="/privacy-policy">Privacy Policy</Link>
      </nav>
      <ul className="tb-footer__social" aria-label="Social media">
        {SOCIAL.map((s) => (
          <li key={s.href}>
            <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} title={s.label}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d={s.path} fill="currentColor" />
              </svg>
            </a>
          </li>
        ))}
      </ul>
      <p className="tb-footer__copy">© {year ?? ''} Turnbook. Appointment software for nail and beauty salons.</p>
    </footer>
  );
}
