import { z } from 'zod';
import { MESSAGES } from '../errors/index';
import { Color, Email, Id, NewPassword, numeric, Password, Phone, requiredText, text } from './common';

export const USER_ROLES = ['customer', 'professional', 'super admin'] as const;

/** What any client may see of a user. */
export const PublicUser = z.object({
  id: z.number(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  profile_image: z.string().nullable(),
  app_version: z.string().nullable(),
  color: z.string(),
  /** Whether `phone` was confirmed with a texted code; only then does it scope the customer's access. */
  phoneVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const LoginBody = z.object({ email: requiredText(254), password: Password });
export const LoginResponse = z.object({ user: PublicUser, access_token: z.string() });

/** Without `mode` the store login is the front desk; `mode: 'kiosk'` answers the door tablet's narrower token. */
export const STORE_LOGIN_MODES = ['desk', 'kiosk'] as const;
export const StoreLoginBody = z.object({
  username: requiredText(254),
  password: Password,
  mode: z.enum(STORE_LOGIN_MODES, { error: "must be 'desk' or 'kiosk'" }).optional(),
});
export const StoreLoginResponse = z.object({
  access_token: z.string(),
  store: z.object({ id: z.number(), permalink: z.string(), ownerId: z.number() }),
});

export const RegisterBody = z
  .object({
    email: Email,
    password: NewPassword,
    password_confirmation: Password,
    fname: requiredText(100).toLowerCase(),
    lname: requiredText(100).toLowerCase(),
    phone: Phone,
    role: z.enum(['customer', 'professional'], { error: 'must be customer or professional' }),
    color: Color.optional(),
    term: z.literal('agreed', { error: 'must be agreed' }),
    username: text(100).optional(),
  })
  .refine((b) => b.password === b.password_confirmation, { message: MESSAGES.passwordMismatch, path: ['password_confirmation'] });
export const RegisterResponse = z.object({ user: PublicUser });

export const VerifyBody = z.object({ id: Id, hash: requiredText(200) });
/** `code: 'alreadyVerified'` when the link was opened before and the account is active: the screen says so. */
export const VerifyResponse = z.object({
  success: z.literal(true),
  code: z.literal('alreadyVerified').optional(),
  message: z.string().optional(),
});
export const SuccessTrue = z.object({ success: z.literal(true) });
export const ValidLinkResponse = z.object({ valid: z.literal(true) });
export const ForgotPasswordBody = z.object({ email: Email });
export const ResendVerificationBody = z.object({ email: Email });
export const ResetPasswordValidationBody = z.object({ id: Id, hash: requiredText(200) });
export const ResetPasswordBody = z.object({ id: Id, hash: requiredText(200), password: NewPassword });

export const UserIdParams = z.object({ id: Id });
export const UserIdParamsAlt = z.object({ userId: Id });
export const UserResponse = z.object({ user: PublicUser });
export const UsersResponse = z.object({ users: z.array(PublicUser) });
export const UserPatchBody = z.object({
  fname: requiredText(100).toLowerCase().optional(),
  lname: requiredText(100).toLowerCase().optional(),
  email: Email.optional(),
  phone: Phone.optional(),
  color: Color.optional(),
  /** Needed only when `email` differs from the current one (the account form always sends the email). */
  currentPassword: Password.optional(),
});
/** `emailChangePending`: the new address gets a link and the email changes when it is opened. */
export const UserPatchResponse = z.object({ user: PublicUser, emailChangePending: z.literal(true).optional(), message: z.string().optional() });

export const UserResetPasswordBody = z.object({ id: Id, currentPassword: Password, newPassword: NewPassword });
export const UploadProfilePictureParams = z.object({
  userId: Id,
  orientation: numeric(z.number()).refine((n) => [0, 90, 180, 270].includes(n), 'must be 0, 90, 180 or 270'),
});
export const UploadProfilePictureResponse = z.object({ profile_image: z.string() });

/** Calls that confirm with a password answer 400 `{success: false, ...}` when it is wrong (the spec's client reads `success`). */
export const PasswordCheckResponse = z.union([
  SuccessTrue,
  z.object({ success: z.literal(false), message: z.string(), code: z.literal('validation'), field: z.string() }),
]);
/** A picture's bytes (multipart upload in, image out). */
export const Binary = z.custom<Uint8Array>((v) => v instanceof Uint8Array, { error: 'is required' });
export const UploadProfilePictureBody = z.object({ photo: Binary });
export const PictureFileParams = z.object({ file: z.string().regex(/^\d+-[0-9a-f]{16}\.(jpg|png)$/, 'must be a picture file name') });

export const StoreResetPasswordBody = z.object({ userId: Id, userPassword: Password, storeId: Id, newPassword: NewPassword });

export const VersionBody = z.object({ app_version: requiredText(50), body: requiredText(2000) });
export const VersionResponse = z.object({ app_version: z.string(), body: z.string() });
export const StoreIdParams = z.object({ storeId: Id });
export const SettingUpdateBody = z.object({ app_version: requiredText(50) });
/** getSetting answers the version to show, or a message meaning there is no update. */
export const SettingResponse = z.union([VersionResponse, z.object({ message: z.string() })]);

/** Public signing keys (JWKS) other services verify tokens with. */
export const JwksResponse = z.object({
  keys: z.array(z.object({ kty: z.string(), crv: z.string(), x: z.string(), y: z.string(), kid: z.string(), alg: z.literal('ES256'), use: z.literal('sig') })),
});

/**
 * A sign-in refused for too many failures (429): `retryAfter` is the wait in seconds (also in the
 * Retry-After header), so the screen can say when to try again.
 */
export const RateLimitedBody = z.object({ message: z.string(), code: z.literal('rateLimited'), retryAfter: z.number().int().positive() });

/**
 * Internal (service token) call: scheduling creates and changes a store's sign-in account. The path names
 * the store; a `storeId` in the body (scheduling sends one) must be that store.
 */
export const StoreAccountBody = z.object({
  storeId: Id.optional(),
  ownerId: Id,
  permalink: requiredText(200),
  username: requiredText(100).toLowerCase(),
  password: NewPassword.optional(),
});

/** POST user/{id}/phone-code: a code was texted to the account's phone; it lasts `expiresInSeconds`. */
export const PhoneCodeResponse = z.object({ sent: z.literal(true), expiresInSeconds: z.number() });
export const PhoneVerificationBody = z.object({
  code: z.string().trim().regex(/^\d{6}$/, 'must be the 6 digits of the text'),
});
/** POST user/{id}/phone-verification: the phone is verified; the new token carries it. */
export const PhoneVerificationResponse = z.object({ user: PublicUser, access_token: z.string() });
/**
 * Sessions: `login` and `storeLogin` also set an httpOnly refresh cookie (path /api/auth). `auth/refresh`
 * answers a new access token and rotates the cookie; `auth/logout` revokes the cookie's session.
 */
export const RefreshResponse = z.object({ access_token: z.string() });
export const ConfirmEmailBody = z.object({ id: Id, hash: requiredText(200) });
export const ConfirmEmailResponse = z.object({ success: z.literal(true), email: z.string() });
