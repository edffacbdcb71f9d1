import { Link } from 'react-router-dom';
import { CalendarArt } from './calendar-art';
import { PlansSection } from './plans-section';

const FEATURES = [
  {
    title: 'Online management',
    text: 'Run services, staff, customers and reports from any phone, tablet or computer.',
    icon: 'M4 5h16v11H4zM2 19h20M9 16v3M15 16v3',
  },
  {
    title: 'Colour-highlighted calendar',
    text: 'One column per staff member, every appointment in its service colour: the day at a glance.',
    icon: 'M4 6h16v14H4zM4 10h16M9 3v5M15 3v5M7 13h4v3H7z',
  },
  {
    title: 'Overlap booking alerts',
    text: 'Turnbook warns you before two appointments collide, so nobody is double-booked by accident.',
    icon: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  },
  {
    title: 'Tablet sign-in',
    text: 'Walk-ins sign in on a tablet at the door and join the turns queue by themselves.',
    icon: 'M6 2h12v20H6zM10 18h4',
  },
];

/** Marketing home page (docs/product/README.md–2). */
export function HomePage() {
  return (
    <>
      <section className="tb-hero" aria-labelledby="hero-title">
        <div className="tb-hero__inner">
          <div>
            <span className="tb-hero__badge">3 or less staff FREE</span>
            <h1 id="hero-title">Appointments for nail and beauty salons, made simple.</h1>
            <p>
              Turnbook books your customers, lines up walk-ins and keeps your staff's day on one colourful calendar.
            </p>
            <div className="tb-hero__cta">
              <Link className="tb-btn tb-btn--light tb-btn--lg" to="/register">
                Get Started
              </Link>
              <Link className="tb-btn tb-btn--ghost tb-btn--lg" style={{ color: '#fff', borderColor: '#fff' }} to="/login">
                Login
              </Link>
            </div>
          </div>
          <div className="tb-hero__art">
            <CalendarArt />
          </div>
        </div>
      </section>

      <section className="tb-section" aria-labelledby="features-title">
        <h2 id="features-title">Everything the front desk needs</h2>
        <p className="tb-section__lead">From the first booking to the last check-out, on the devices you already have.</p>
        <ul className="tb-features">
          {FEATURES.map((f) => (
            <li key={f.title} className="tb-feature">
              <span className="tb-feature__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round">
                  <path d={f.icon} />
                </svg>
              </span>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <PlansSection />

      <section className="tb-free" aria-labelledby="free-title">
        <div className="tb-section tb-free__box">
          <h2 id="free-title">Small team? It's free.</h2>
          <p className="tb-free__big">3 or less staff FREE</p>
          <p className="tb-section__lead">
            Stores with three staff or fewer pay nothing. Bigger teams pick a monthly plan, paid automatically by card.
          </p>
          <div className="tb-hero__cta" style={{ justifyContent: 'center' }}>
            <Link className="tb-btn tb-btn--primary tb-btn--lg" to="/register">
              Sign Up
            </Link>
            <Link className="tb-btn tb-btn--ghost tb-btn--lg" to="/faqs">
              How it works
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
