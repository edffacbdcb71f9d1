import { Link } from 'react-router-dom';
import { CONTACT_EMAIL } from '../frame/site-footer';

/** Terms of Use (docs/product/README.md): Pennsylvania law, minimum age 13, guardian under 18. */
export default function TermsPage() {
  return (
    <article className="tb-doc" aria-labelledby="terms-title">
      <h1 id="terms-title">Terms of Use</h1>
      <p className="tb-doc__meta">Last updated: January 1, 2025</p>
      <p>
        These Terms of Use ("Terms") govern your access to and use of Turnbook, the online appointment scheduler for
        nail and beauty salons, including its website, web application, kiosk sign-in and online booking pages (the
        "Service"). By creating an account, booking an appointment or otherwise using the Service you agree to these
        Terms. If you do not agree, do not use the Service.
      </p>

      <h2>1. Who may use Turnbook</h2>
      <p>
        You must be at least 13 years old to use the Service. If you are under 18, you may use the Service only with
        the involvement and consent of a parent or legal guardian, who agrees to these Terms on your behalf and is
        responsible for your use of the Service. If you use the Service on behalf of a business, you confirm that you
        are authorised to bind that business to these Terms.
      </p>

      <h2>2. Your account</h2>
      <p>
        You must give accurate information when you register and keep it up to date. You are responsible for keeping
        your password and your store's login confidential and for everything done with them. Tell us at once at{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> if you believe your account has been used without
        your permission.
      </p>

      <h2>3. Salons, staff and customers</h2>
      <p>
        Store owners decide which services, prices, staff and hours they offer and are solely responsible for the
        services they provide to their customers. Turnbook is a scheduling tool: it is not a party to any agreement
        between a salon and its customers, and it does not guarantee that an appointment requested online will be
        accepted by the salon.
      </p>

      <h2>4. Subscriptions and payment</h2>
      <p>
        Stores with three staff or fewer may use the Service free of charge. Larger stores need a paid plan, billed
        monthly in US dollars by automatic payment to the card on file until cancelled. To cancel, contact us before
        the next billing date; fees already paid are not refunded except where the law requires. We may change prices
        with at least 30 days' notice.
      </p>

      <h2>5. Acceptable use</h2>
      <p>
        You agree not to misuse the Service: no unlawful, fraudulent or abusive use, no unsolicited text messages to
        people who have not agreed to receive them, no attempts to access other stores' data, to disrupt the Service
        or to copy, resell or reverse-engineer it. We may suspend or close accounts that break these Terms.
      </p>

      <h2>6. Your content</h2>
      <p>
        You keep ownership of the information you put into the Service (such as customer lists and appointments). You
        give us the permission we need to host, process and display it in order to run the Service for you, as
        described in our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>7. Disclaimers and limitation of liability</h2>
      <p>
        The Service is provided "as is" and "as available". To the fullest extent permitted by law we disclaim all
        implied warranties, and we are not liable for indirect, incidental or consequential damages, lost profits or
        lost data. Our total liability for any claim is limited to the amount you paid us in the 12 months before the
        claim arose.
      </p>

      <h2>8. Changes to these Terms</h2>
      <p>
        We may update these Terms from time to time. We will post the new version on this page and, for material
        changes, notify account holders by email or in the app. Continued use after a change means you accept it.
      </p>

      <h2>9. Governing law</h2>
      <p>
        These Terms are governed by the laws of the Commonwealth of Pennsylvania, United States, without regard to its
        conflict-of-law rules. Any dispute will be brought in the state or federal courts located in Pennsylvania, and
        you consent to their jurisdiction.
      </p>

      <h2>10. Contact</h2>
      <p>
        Questions about these Terms: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </article>
  );
}
