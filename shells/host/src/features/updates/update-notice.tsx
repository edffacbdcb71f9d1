import { Button, Group, Modal, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, useSession } from '@turnbook/web-kit';
import { useState } from 'react';

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
  return (
    <Modal opened={open} onClose={dismiss} title="Update available" centered>
      <Text fw={600} mb="xs">
        Turnbook {version} is here.
      </Text>
      {data?.body && (
        <Text style={{ whiteSpace: 'pre-line' }} mb="md">
          {data.body}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={dismiss}>Got it</Button>
      </Group>
    </Modal>
  );
}
