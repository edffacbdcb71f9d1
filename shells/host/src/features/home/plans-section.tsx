import { EVERY_PLAN_INCLUDES, FREE_PLAN, PAID_PLANS, planPrice } from '@turnbook/domain';
import { Link } from 'react-router-dom';

const PLANS = [{ name: FREE_PLAN.name, price: FREE_PLAN.price, includes: FREE_PLAN.includes }, ...PAID_PLANS];

/** The plans side by side with their prices (from @turnbook/domain, the same source billing charges from). */
export function PlansSection() {
  return (
    <section className="tb-section" aria-labelledby="pricing-title">
      <h2 id="pricing-title">Plans and prices</h2>
      <p className="tb-section__lead">
        Every plan has {EVERY_PLAN_INCLUDES.join(', ').toLowerCase()}. Pick a paid plan whenever you like, whatever the size of your team.
      </p>
      <ul className="tb-features tb-plans">
        {PLANS.map((p) => (
          <li key={p.name} className="tb-feature" aria-label={`${p.name} plan`}>
            <h3>{p.name}</h3>
            <p className="tb-plan__price">{p.price ? `${planPrice(p.price)} per month` : 'Free'}</p>
            <ul className="tb-plan__includes">
              {p.includes.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="tb-hero__cta" style={{ justifyContent: 'center' }}>
        <Link className="tb-btn tb-btn--primary tb-btn--lg" to="/register">
          Get Started
        </Link>
      </div>
    </section>
  );
}
