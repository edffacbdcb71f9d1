import type { Handlers } from '@turnbook/service-kit';
import { confirmPhoneCode, type ConfirmPhoneCodeDeps } from './confirm-code';
import { requestPhoneCode, type RequestPhoneCodeDeps } from './request-code';

// Access (self) is enforced by the kit's router from the route table.
export function phoneVerificationRoutes(d: RequestPhoneCodeDeps & ConfirmPhoneCodeDeps): Handlers {
  return {
    'POST user/{id}/phone-code': ({ params }) => requestPhoneCode(d, params.id),
    'POST user/{id}/phone-verification': ({ params, body, caller }) => confirmPhoneCode(d, params.id, body.code, caller?.sid),
  };
}
