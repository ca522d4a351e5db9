// The instance operator's calls (issue 27): organisations are made by the operator — an administrator of the
// organisation created at first start — each with its first administrator. Every organisation's markets and
// rankings are its own.
import { z } from 'zod';
import { email } from './common';

/** Letters, digits, punctuation and spaces: no control or text-direction characters in a name. */
const organisationName = z
  .string()
  .trim()
  .min(1, 'name the organisation')
  .max(200, 'use at most 200 characters')
  .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), 'must not hold control or text-direction characters');

export const createOrganisationRequest = z.object({
  name: organisationName,
  /** The organisation's first administrator (ROLE_ADMIN and every data role); must not have an account. */
  adminEmail: email,
  adminName: organisationName.optional(),
});
export type CreateOrganisationRequest = z.infer<typeof createOrganisationRequest>;

export const operatorOrganisation = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** True for the instance operator's own organisation (the public demo's rankings). */
  operator: z.boolean(),
});

export const operatorOrganisationsResponse = z.object({ items: z.array(operatorOrganisation) });

/** The first administrator's one-time password is returned once; only its argon2id hash is stored. */
export const createOrganisationResponse = z.object({
  organisation: operatorOrganisation,
  admin: z.object({ id: z.number().int(), email: z.string(), oneTimePassword: z.string() }),
});
export type CreateOrganisationResponse = z.infer<typeof createOrganisationResponse>;
