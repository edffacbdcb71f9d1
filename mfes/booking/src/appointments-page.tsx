import type { PublicUser } from '@turnbook/contracts/schemas/identity';
import { api, isApiError, useSession } from '@turnbook/web-kit';
import { ErrorState, LoadingState, NotAvailable, PhoneVerification } from '@turnbook/web-kit/ui';
import { useEffect, useState } from 'react';

/**
 * /appointments, the customer's own appointments. The first time it opens with an unverified phone, it asks
 * for the texted code (docs/product/statuses.md, Accounts): a customer's appointments are found by that
 * phone only once it is verified. The list itself comes with the booking issue.
 */
export default function AppointmentsPage() {
  const userId = useSession((s) => s.user_id);
  const [user, setUser] = useState<PublicUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!userId) return undefined;
    let live = true;
    setError(null);
    api
      .get('GET user/{id}', { id: userId })
      .then((res) => live && setUser(res.user))
      .catch((e: unknown) => live && setError(isApiError(e) ? e.message : 'Your account could not be loaded.'));
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  let prompt = null;
  if (error) prompt = <ErrorState message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  else if (!user) prompt = <LoadingState label="Loading your account…" />;
  else if (user.phone && !user.phoneVerified)
    prompt = (
      <section aria-label="Verify your phone">
        <h2>Verify your phone</h2>
        <PhoneVerification userId={user.id} phone={user.phone} onVerified={setUser} />
      </section>
    );
  return (
    <main>
      <h1>My appointments</h1>
      {prompt}
      <NotAvailable what="The list of your appointments" />
    </main>
  );
}
