import { z } from 'zod';
import { DURATION_REQUIRED, ICON_REQUIRED, NAME_REQUIRED } from '../service-model';

const num = (message: string) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

export const serviceEditSchema = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED),
  price: num('Please enter a price').pipe(z.number().min(0, 'The price cannot be negative')),
  color: z.string().trim().regex(/^#?[0-9a-fA-F]{6}$/, 'Please enter a hex colour like #f9f9fa'),
  duration: num(DURATION_REQUIRED).pipe(z.number().int('Whole minutes only').min(1, DURATION_REQUIRED).max(1440, 'At most 1440 minutes')),
  internal: z.boolean(),
  icon: z.string().min(1, ICON_REQUIRED),
});
export type ServiceEditValues = z.input<typeof serviceEditSchema>;
/** The fields a server answer may name, shown under that field. */
export const SERVICE_EDIT_FIELDS = ['name', 'price', 'color', 'duration', 'icon'];
