import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, useRealtimeRefresh, useSession } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { msUntilDue, noticeKey, readNoticeMemory, subscriptionNotice, type NoticeMemory } from './notice-rule';

/**
 * The subscription-expired notice on the calendar: shows on arrival when the rule says so, and again
 * 2 hours after each closing, counted across reloads (the browser remembers the close and how many times it
 * showed, per store and user). A banner above the grid (the calendar page already carries Alert), not a
 * modal: the calendar's first load stays within its JS budget.
 */
export function SubscriptionNotice({ storeId, staffEntries }: { storeId: number; staffEntries: number | undefined }) {
  const access = useStoreAccess(storeId);
  const many = (staffEntries ?? 0) > 4;
  // A store of 4 or fewer never shows it: no need to ask billing.
  const pkg = useQuery({
    queryKey: ['billing', 'package', storeId],
    enabled: many,
    queryFn: () => api.get('GET getPackageByStoreId/{storeId}', { storeId }),
  });
  // A payment (or a lapse) elsewhere changes the package: the notice follows without a reload.
  useRealtimeRefresh(many ? `store:${storeId}:billing` : null, [['billing', 'package', storeId]]);
  const userId = useSession((st) => st.user_id);
  const key = noticeKey(storeId, userId);
  const [memory, setMemory] = useState<NoticeMemory>(() => readNoticeMemory(localStorage, key));
  const remember = (m: NoticeMemory) => {
    setMemory(m);
    localStorage.setItem(key, JSON.stringify(m));
  };
  const [due, setDue] = useState(() => msUntilDue(memory, Date.now()) === 0);
  // The display number of what is on screen now: 0 is the first display ever in this browser.
  const [display, setDisplay] = useState<number | null>(null);

  useEffect(() => {
    if (due) return undefined;
    const t = setTimeout(() => setDue(true), msUntilDue(memory, Date.now()));
    return () => clearTimeout(t);
  }, [due, memory]);

  const notice = pkg.data && staffEntries !== undefined
    ? subscriptionNotice({ staffEntries, expiration: pkg.data.expiration, isOwner: access.isOwner, firstDisplay: (display ?? memory.shown) === 0 })
    : null;
  const showing = !!notice && due;
  useEffect(() => {
    if (!showing || display !== null) return;
    setDisplay(memory.shown);
    const next = { shown: memory.shown + 1, closedAt: null };
    setMemory(next);
    localStorage.setItem(key, JSON.stringify(next));
  }, [showing, display, memory.shown, key]);

  if (!notice || !showing) return null;
  return (
    <Alert
      color="red.9"
      variant="filled"
      title={notice.title}
      role="alert"
      withCloseButton
      closeButtonLabel="Close"
      onClose={() => {
        setDue(false);
        setDisplay(null);
        remember({ ...memory, closedAt: Date.now() });
      }}
    >
      {notice.text}{' '}
      {notice.paymentLink && (
        <Anchor component={Link} to="/subscription" fw={700} c="inherit" style={{ textDecoration: 'underline' }}>
          {notice.linkLabel}
        </Anchor>
      )}
    </Alert>
  );
}
