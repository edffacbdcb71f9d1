import type { SettingsRepository } from './repository';

/** Until the super admin sets one, everybody is on this version. */
export const DEFAULT_SETTING = { app_version: '1.0.0', body: 'Welcome to Turnbook.' };

export async function currentSetting(settings: SettingsRepository): Promise<{ app_version: string; body: string }> {
  const s = await settings.getGlobal();
  return s ? { app_version: s.app_version, body: s.body } : { ...DEFAULT_SETTING };
}
