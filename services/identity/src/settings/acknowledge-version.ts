import { notFound, type EventBus } from '@turnbook/service-kit';
import type { UsersRepository } from '../users/repository';
import { storeSettingUpdatedEvent } from './events';
import type { SettingsRepository } from './repository';

export interface AcknowledgeDeps {
  settings: SettingsRepository;
  users: UsersRepository;
  bus: EventBus;
}

/** A user has seen the notice of this version. */
export async function acknowledgeForStaff(d: AcknowledgeDeps, userId: number, app_version: string) {
  if (!(await d.users.findById(userId))) throw notFound('User not found');
  await d.users.update(userId, { app_version });
  return { success: true as const };
}

/** The store login has seen the notice of this version (its other tablets hear it by event). */
export async function acknowledgeForStore(d: AcknowledgeDeps, storeId: number, app_version: string) {
  const event = storeSettingUpdatedEvent(d.bus, storeId, app_version);
  await d.settings.saveStore(storeId, app_version, event);
  return { success: true as const };
}
