// First start: when the MetaStore has no users, create the organisation "Sightline" and its administrator
// (ROLE_ADMIN and every data role). The password is SIGHTLINE_ADMIN_PASSWORD or a generated one-time
// password; either way it is printed once to stdout and stored only as an argon2id hash, never logged. A
// configured password on the common-password list stops the first start with a ConfigError saying so.
import type { FastifyBaseLogger } from 'fastify';
import { ROLES } from '@core/roles';
import { ConfigError, type Config } from '../config';
import type { Stores } from '../context';
import { commonPasswordProblem, generatePassword, hashPassword } from './passwords';

export const FIRST_ORGANISATION = 'Sightline';

/** Writes the one-time sign-in notice; stdout unless a test captures it. */
export type Print = (text: string) => void;
const toStdout: Print = (text) => process.stdout.write(text);

/**
 * Makes sure an administrator exists and returns the id of the organisation the demo workspace belongs
 * to: the new organisation at first start, otherwise the configured admin's (or the first) organisation.
 */
export async function ensureAdmin(
  stores: Stores,
  config: Config,
  log: FastifyBaseLogger,
  print: Print = toStdout,
  now: () => Date = () => new Date(),
): Promise<number> {
  const { meta } = stores;
  if ((await meta.counts()).users > 0) {
    const admin = await meta.findUserByEmail(config.adminEmail);
    if (admin) return admin.organisationId;
    const [first] = await meta.listOrganisations();
    if (!first) throw new Error('the MetaStore has users but no organisation');
    return first.id;
  }
  if (config.adminPassword !== null) {
    const problem = await commonPasswordProblem(config.adminPassword);
    if (problem !== null) throw new ConfigError(`SIGHTLINE_ADMIN_PASSWORD: ${problem}`);
  }
  const password = config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const at = now().toISOString();
  const organisation = await meta.transaction(async (tx) => {
    const org = await tx.createOrganisation(FIRST_ORGANISATION, at);
    await tx.createUser({
      organisationId: org.id,
      email: config.adminEmail,
      name: 'Administrator',
      passwordHash,
      roles: [...ROLES],
      now: at,
    });
    return org;
  });
  log.info(
    { organisationId: organisation.id, email: config.adminEmail },
    'first start: created the administrator',
  );
  const secret = config.adminPassword
    ? '  password: the value of SIGHTLINE_ADMIN_PASSWORD'
    : `  password: ${password}   (one-time: it is not stored and will not be shown again; change it after signing in)`;
  print(
    `\nSightline first start: an administrator was created.\n  email:    ${config.adminEmail}\n${secret}\n\n`,
  );
  return organisation.id;
}
