import { Link } from 'react-router-dom';
import { CONTACT_EMAIL } from '../frame/site-footer';

/** Privacy Policy (docs/product/README.md). */
export default function PrivacyPage() {
  return (
    <article className="tb-doc" aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy Policy</h1>
      <p className="tb-doc__meta">Last updated: January 1, 2025</p>
      <p>
        This policy explains what information Turnbook collects when salons, their staff and their customers use the
        Service, how we use it and the choices you have. It forms part of our <Link to="/terms-of-use">Terms of Use</Link>.
      </p>

      <h2>1. Information we collect</h2>
      <ul>
        <li>Account details: first and last name, email address, phone number, profile picture and chosen colour.</li>
        <li>Store details: store name, address, phone, email, business hours, services, prices and staff.</li>
        <li>Appointments and sign-ins: dates, times, services, notes, check-in times and the staff who served you.</li>
        <li>
          Payment details: billing name and address. Card numbers are collected and stored by our card payment
          provider; we only keep the last four digits and the card's status.
        </li>
        <li>Technical data: device and browser type, log records and the app version you use.</li>
      </ul>

      <h2>2. How we use it</h2>
      <p>
        To run the Service: book, change and remind about appointments; let salons manage staff, customers and reports;
        send the emails and text messages you or your salon ask for (such as confirmations and reminders); bill
        subscriptions; keep the Service secure; and improve it. We do not sell personal information.
      </p>

      <h2>3. Sharing</h2>
      <p>
        A customer's booking details are shared with the salon they book with. We use service providers for hosting,
        email, text messages and card payments, who process data only on our instructions. We may disclose information
        when the law requires it or to protect the rights and safety of our users.
      </p>

      <h2>4. Children</h2>
      <p>
        The Service is not directed to children under 13 and we do not knowingly collect their personal information.
        Users between 13 and 18 may use the Service only with a parent or legal guardian. If you believe a child under
        13 has given us information, contact us and we will delete it.
      </p>

      <h2>5. Retention and security</h2>
      <p>
        We keep information while an account is active and as long as needed for the purposes above or required by
        law. Passwords are stored hashed, connections are encrypted and access to data is limited to those who need it.
      </p>

      <h2>6. Your choices</h2>
      <p>
        You can see and update your profile in My Account. You may ask us to access, correct or delete your personal
        information, and you can opt out of marketing messages at any time. Text messages can be stopped by replying
        STOP.
      </p>

      <h2>7. Governing law and changes</h2>
      <p>
        This policy is governed by the laws of the Commonwealth of Pennsylvania, United States. We will post changes
        here and notify account holders of material changes.
      </p>

      <h2>8. Contact</h2>
      <p>
        Privacy questions or requests: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </article>
  );
}
