// Shared pieces of every contract: the error envelope of DESIGN §4, ids, dates and the role enum.
import { z } from 'zod';
import { ROLES } from '@core/roles';

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const idParam = z.coerce.number().int().positive();
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');
export const role = z.enum(ROLES);
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'expected an email address such as analyst@example.com' }));
