import { z } from 'zod';
import { Color, Email, Id, Password, Phone, identity, requiredText } from '@turnbook/contracts';

// Bodies of the internal calls (INTERNAL_ROUTES in contracts); only other services send them.
export const StoreIdParams = z.object({ storeId: Id });
export const UsersByIdsBody = z.object({ ids: z.array(Id).max(1000) });
export const UserByEmailBody = z.object({ email: Email });
export const SeedUsersBody = z.object({
  users: z
    .array(
      z.object({
        email: Email,
        password: Password,
        fname: requiredText(100).toLowerCase(),
        lname: requiredText(100).toLowerCase(),
        phone: Phone,
        role: z.enum(identity.USER_ROLES),
        color: Color.optional(),
      }),
    )
    .min(1)
    .max(100),
});

export const MailIdParams = z.object({ mailId: z.string().uuid('must be a mail id') });
