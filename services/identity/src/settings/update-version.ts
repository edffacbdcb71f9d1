import type { BodyOf } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import { versionUpdatedEvent } from './events';
import type { SettingsRepository } from './repository';

export interface UpdateVersionDeps {
  settings: SettingsRepository;
  bus: EventBus;
}

/** The super admin publishes a new version notice; realtime relays the event to every browser. */
export async function updateVersion(d: UpdateVersionDeps, input: BodyOf<'POST updateVersion'>) {
  const event = versionUpdatedEvent(d.bus, input);
  await d.settings.saveGlobal(input.app_version, input.body, event);
  return { app_version: input.app_version, body: input.body };
}
