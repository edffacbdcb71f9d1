import * as identity from '../schemas/identity';
import { NoBody } from '../schemas/common';
import type { RouteSchemas } from './types';

/** Request and response schemas of the identity routes, keyed like the route table. */
export const IDENTITY_API = {
  'POST login': { body: identity.LoginBody, response: identity.LoginResponse },
  'POST storeLogin': { body: identity.StoreLoginBody, response: identity.StoreLoginResponse },
  'POST register': { body: identity.RegisterBody, response: identity.RegisterResponse, status: 201 },
  'POST verify': { body: identity.VerifyBody, response: identity.VerifyResponse },
  'POST forgotPassword': { body: identity.ForgotPasswordBody, response: identity.SuccessTrue },
  'POST resendVerification': { body: identity.ResendVerificationBody, response: identity.SuccessTrue },
  'POST resetPasswordValidation': { body: identity.ResetPasswordValidationBody, response: identity.ValidLinkResponse },
  'POST resetPassword': { body: identity.ResetPasswordBody, response: identity.SuccessTrue },
  'GET user/{id}': { params: identity.UserIdParams, response: identity.UserResponse },
  'PATCH user/{id}': { params: identity.UserIdParams, body: identity.UserPatchBody, response: identity.UserPatchResponse },
  'GET getUserById/{userId}': { params: identity.UserIdParamsAlt, response: identity.UsersResponse },
  'POST userResetPassword': { body: identity.UserResetPasswordBody, response: identity.PasswordCheckResponse },
  'POST uploadProfilePicture/{userId}/{orientation}': {
    params: identity.UploadProfilePictureParams,
    body: identity.UploadProfilePictureBody,
    response: identity.UploadProfilePictureResponse,
  },
  'GET getAllUsers': { response: identity.UsersResponse },
  'POST storeResetPassword': { body: identity.StoreResetPasswordBody, response: identity.PasswordCheckResponse },
  'GET getSettings': { response: identity.VersionResponse },
  'POST updateVersion': { body: identity.VersionBody, response: identity.VersionResponse },
  'GET getSetting/staff/{userId}': { params: identity.UserIdParamsAlt, response: identity.SettingResponse },
  'POST updateSetting/staff/{userId}': { params: identity.UserIdParamsAlt, body: identity.SettingUpdateBody, response: identity.SuccessTrue },
  'GET getSetting/store/{storeId}': { params: identity.StoreIdParams, response: identity.SettingResponse },
  'POST updateSetting/store/{storeId}': { params: identity.StoreIdParams, body: identity.SettingUpdateBody, response: identity.SuccessTrue },
  'GET .well-known/jwks.json': { response: identity.JwksResponse },
  'GET profile-pictures/{file}': { params: identity.PictureFileParams, response: identity.Binary },
  'POST user/{id}/phone-code': { params: identity.UserIdParams, body: NoBody, response: identity.PhoneCodeResponse },
  'POST user/{id}/phone-verification': {
    params: identity.UserIdParams,
    body: identity.PhoneVerificationBody,
    response: identity.PhoneVerificationResponse,
  },
  'POST auth/refresh': { body: NoBody, response: identity.RefreshResponse },
  'POST auth/logout': { body: NoBody, response: identity.SuccessTrue },
  'POST auth/confirm-email': { body: identity.ConfirmEmailBody, response: identity.ConfirmEmailResponse },
} as const satisfies Record<string, RouteSchemas>;
