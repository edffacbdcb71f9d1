import type { Handlers } from '@turnbook/service-kit';
import { verifyStorePin, type VerifyStorePinDeps } from './verify-store-pin';

export function storePinRoutes(deps: VerifyStorePinDeps): Handlers {
  return {
    'POST verifyStorePIN': ({ body, ip }) => verifyStorePin(deps, { storeId: body.storeId, PIN: body.PIN, ip }),
  };
}
