import { useMutation, useQuery } from '@tanstack/react-query';
import { api, useSession } from '@turnbook/web-kit';
import { lazy, Suspense, useState } from 'react';

// Mantine's Modal (~18 KB gzip with its helpers) downloads only when there is an update to announce.
const UpdateDialog = lazy(() => import(/* webpackChunkName: "update-dialog" */ './update-dialog'));

type SettingAnswer = { app_version?: string; body?: string; message?: string };

/**
 * After login and on load: GET getSetting/staff/{userId}. An {app_version, body} answer means an update is
 * available (a {message} answer means none). Dismissing records the version as seen.
 */
export function UpdateNotice() {
  const userId = useSession((s) => s.user_id);
  const token = useSession((s) => s.access_token);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const { data } = useQuery({
    queryKey: ['update-setting', userId, token],
    enabled: Boolean(userId && token),
    retry: false,
    staleTime: Infinity,
    queryFn: () => api.get<SettingAnswer>('GET getSetting/staff/{userId}', { userId: userId! }),
  });
  const seen = useMutation({
    mutationFn: (app_version: string) => api.post('POST updateSetting/staff/{userId}', { app_version }, { userId: userId! }),
  });
  const version = data?.app_version;
  const open = Boolean(version) && dismissed !== version;
  const dismiss = () => {
    if (!version) return;
    setDismissed(version);
    seen.mutate(version);
  };
  if (!version) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog opened={open} version={version} body={data?.body} onDismiss={dismiss} />
    </Suspense>
  );
}
