import { Link } from 'react-router-dom';
import { CalendarReadyArt, CreateStoreArt, SignUpArt, StoreDetailsArt, VerifyArt } from './faq-illustrations';

const STEPS = [
  {
    title: 'Sign up',
    art: <SignUpArt />,
    text: (
      <>
        Go to <Link to="/register">Sign Up</Link>, enter your email and a password, then your name and phone, and choose
        "Professional" as your user type.
      </>
    ),
  },
  {
    title: 'Activate your account',
    art: <VerifyArt />,
    text: 'We email you a verification link. Click it before your first login (check your spam folder if it does not arrive in a couple of minutes).',
  },
  {
    title: 'Create your store',
    art: <CreateStoreArt />,
    text: (
      <>
        <Link to="/login">Log in</Link>. On My Stores (menu: Switch Store) press "Create New Store".
      </>
    ),
  },
  {
    title: 'Fill in the store details',
    art: <StoreDetailsArt />,
    text: 'Give the store its name, address, phone and email, business hours, and a store username and password for the front-desk tablet.',
  },
  {
    title: 'Add services and staff, then book',
    art: <CalendarReadyArt />,
    text: 'Add your services and staff from the menu. Your calendar is ready: one column per staff member, each appointment in its service colour.',
  },
];

/** FAQ: how to create a store, step by step (docs/product/README.md). */
export default function FaqPage() {
  return (
    <article className="tb-doc" aria-labelledby="faq-title">
      <h1 id="faq-title">Frequently asked questions</h1>
      <p className="tb-doc__meta">How do I create a store?</p>
      <ol className="tb-steps">
        {STEPS.map((s, i) => (
          <li key={s.title} className="tb-step">
            {s.art}
            <div>
              <h2>
                <span className="tb-step__num" aria-hidden="true">{i + 1}</span>
                {s.title}
              </h2>
              <p>{s.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <h2>How much does it cost?</h2>
      <p>Stores with 3 or less staff are FREE. Bigger teams choose a monthly plan on the Subscription page, paid automatically by card.</p>
      <h2>Can customers sign in by themselves?</h2>
      <p>Yes. Log in with the store's username on a tablet and open Customer Sign In: walk-ins sign in and join the turns queue.</p>
    </article>
  );
}
