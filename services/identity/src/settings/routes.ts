import { identity } from '@turnbook/contracts';
import { handler } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { acknowledgeForStaff, acknowledgeForStore, currentSetting, staffSetting, storeSetting, updateVersion } from './settings';

export function settingsRoutes(d: Deps) {
  return {
    'GET getSettings': handler({ handle: () => currentSetting(d) }),
    'POST updateVersion': handler({ body: identity.VersionBody, handle: ({ body }) => updateVersion(d, body) }),
    'GET getSetting/staff/{userId}': handler({
      params: identity.UserIdParamsAlt,
      handle: ({ params }) => staffSetting(d, params.userId),
    }),
    'POST updateSetting/staff/{userId}': handler({
      params: identity.UserIdParamsAlt,
      body: identity.SettingUpdateBody,
      handle: ({ params, body }) => acknowledgeForStaff(d, params.userId, body.app_version),
    }),
    'GET getSetting/store/{storeId}': handler({
      params: identity.StoreIdParams,
      handle: ({ params }) => storeSetting(d, params.storeId),
    }),
    'POST updateSetting/store/{storeId}': handler({
      params: identity.StoreIdParams,
      body: identity.SettingUpdateBody,
      handle: ({ params, body }) => acknowledgeForStore(d, params.storeId, body.app_version),
    }),
  };
}
