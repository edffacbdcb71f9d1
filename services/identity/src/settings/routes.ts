import type { Handlers } from '@turnbook/service-kit';
import { acknowledgeForStaff, acknowledgeForStore, type AcknowledgeDeps } from './acknowledge-version';
import { currentSetting } from './current-setting';
import { updateVersion, type UpdateVersionDeps } from './update-version';
import { staffNotice, storeNotice, type VersionNoticeDeps } from './version-notice';

export function settingsRoutes(d: AcknowledgeDeps & UpdateVersionDeps & VersionNoticeDeps): Handlers {
  return {
    'GET getSettings': () => currentSetting(d.settings),
    'POST updateVersion': ({ body }) => updateVersion(d, body),
    'GET getSetting/staff/{userId}': ({ params }) => staffNotice(d, params.userId),
    'POST updateSetting/staff/{userId}': ({ params, body }) => acknowledgeForStaff(d, params.userId, body.app_version),
    'GET getSetting/store/{storeId}': ({ params }) => storeNotice(d, params.storeId),
    'POST updateSetting/store/{storeId}': ({ params, body }) => acknowledgeForStore(d, params.storeId, body.app_version),
  };
}
