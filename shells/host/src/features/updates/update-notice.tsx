import { useMutation, useQuery } from '@tanstack/react-query';
import { api, isStoreLogin, tokenKind, useSession } from '@turnbook/web-kit';
import { lazy, Suspense, useState } from 'react';

// Mantine's Modal (~18 KB gzip with its helpers) downloads only when there is an update to announce.
const UpdateDialog = lazy(() => import(/* webpackChunkName: "update-dialog" */ './update-dialog'));

/**
 * After login and on load: GET getSetting/staff/{userId}, or for the store login (the front desk)
 * GET getSetting/store/{storeId} (001 §4: the staff or store setting; ruling 1: the front desk's own marker).
 * An {app_version, body} answer means an update is available (a {message} answer means none). Dismissing
 * records the version as seen, in the same setting. A kiosk tablet is never asked: it only signs people in.
 */
export function UpdateNotice() {
  const userId = useSession((s) => s.user_id);
  const storeId = useSession((s) => s.store_id);
  const token = useSession((s) => s.access_token);
  const storeLogin = useSession((s) => isStoreLogin(s));
  const kiosk = tokenKind(token) === 'kiosk';
  const owner = storeLogin ? (storeId ? { kind: 'store' as const, id: storeId } : null) : userId ? { kind: 'staff' as const, id: userId } : null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const { data } = useQuery({
    queryKey: ['update-setting', owner?.kind, owner?.id, token],
    enabled: Boolean(owner && token && !kiosk),
    retry: false,
    staleTime: Infinity,
    queryFn: () =>
      owner!.kind === 'store'
        ? api.get('GET getSetting/store/{storeId}', { storeId: owner!.id })
        : api.get('GET getSetting/staff/{userId}', { userId: owner!.id }),
  });
  const seen = useMutation({
    mutationFn: (app_version: string) =>
      owner!.kind === 'store'
        ? api.post('POST updateSetting/store/{storeId}', { app_version }, { storeId: owner!.id })
        : api.post('POST updateSetting/staff/{userId}', { app_version }, { userId: owner!.id }),
  });
  // A {message} answer means there is no update.
  const update = data && 'app_version' in data ? data : null;
  const version = update?.app_version;
  const open = Boolean(version) && dismissed !== version;
  const dismiss = () => {
    if (!version) return;
    setDismissed(version);
    seen.mutate(version);
  };
  if (!version) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog opened={open} version={version} body={update?.body} onDismiss={dismiss} />
    </Suspense>
  );
}
