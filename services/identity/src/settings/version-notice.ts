import { notFound } from '@turnbook/service-kit';
import type { UsersRepository } from '../users/repository';
import { currentSetting } from './current-setting';
import type { SettingsRepository } from './repository';

export interface VersionNoticeDeps {
  settings: SettingsRepository;
  users: UsersRepository;
}

export const NO_UPDATE = { message: 'No update' };

/** The notice to show when the acknowledged version is not the current one, else 'No update'. */
function noticeFor(acknowledged: string | null, current: { app_version: string; body: string }) {
  return acknowledged === current.app_version ? NO_UPDATE : current;
}

export async function staffNotice(d: VersionNoticeDeps, userId: number) {
  const user = await d.users.findById(userId);
  if (!user) throw notFound('User not found');
  return noticeFor(user.app_version, await currentSetting(d.settings));
}

export async function storeNotice(d: VersionNoticeDeps, storeId: number) {
  const s = await d.settings.getStore(storeId);
  return noticeFor(s?.app_version ?? null, await currentSetting(d.settings));
}
