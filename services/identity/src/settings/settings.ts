import type { Deps } from '../deps';
import { notFound } from '@turnbook/service-kit';

/** Until the super admin sets one, everybody is on this version. */
export const DEFAULT_SETTING = { app_version: '1.0.0', body: 'Welcome to Turnbook.' };
export const NO_UPDATE = { message: 'No update' };

export async function currentSetting(d: Deps): Promise<{ app_version: string; body: string }> {
  const s = await d.settings.getGlobal();
  return s ? { app_version: s.app_version, body: s.body } : { ...DEFAULT_SETTING };
}

/** The super admin publishes a new version notice; realtime relays the event to every browser. */
export async function updateVersion(d: Deps, input: { app_version: string; body: string }) {
  const event = d.ctx.bus.event('settings.version_updated', 'global', input);
  await d.settings.saveGlobal(input.app_version, input.body, event);
  return { app_version: input.app_version, body: input.body };
}

/** The notice to show when the acknowledged version is not the current one, else 'No update'. */
function noticeFor(acknowledged: string | null, current: { app_version: string; body: string }) {
  return acknowledged === current.app_version ? NO_UPDATE : current;
}

export async function staffSetting(d: Deps, userId: number) {
  const user = await d.users.findById(userId);
  if (!user) throw notFound('User not found');
  return noticeFor(user.app_version, await currentSetting(d));
}

export async function acknowledgeForStaff(d: Deps, userId: number, app_version: string) {
  if (!(await d.users.findById(userId))) throw notFound('User not found');
  await d.users.update(userId, { app_version });
  return { success: true };
}

export async function storeSetting(d: Deps, storeId: number) {
  const s = await d.settings.getStore(storeId);
  return noticeFor(s?.app_version ?? null, await currentSetting(d));
}

export async function acknowledgeForStore(d: Deps, storeId: number, app_version: string) {
  const event = d.ctx.bus.event('settings.store_updated', storeId, { storeId, app_version });
  await d.settings.saveStore(storeId, app_version, event);
  return { success: true };
}
