// `sightline org …`: the instance operator makes organisations from the machine that runs Sightline
// (issue 27), through the same service as POST /api/v1/operator/organisations. Whoever runs the CLI holds
// the stores, so the command acts as the operator. Like `campaign`, it opens the stores itself: stop the
// server first when it runs on the embedded stores.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createOrganisationRequest } from '@contracts/operator';
import { closeStores, openStores } from '@server/app';
import { loadConfig } from '@server/config';
import { HttpError } from '@server/http/errors';
import { OperatorService } from '@server/services/operator-service';

export const ORG_HELP = `  org       Organisations (the instance operator's; each organisation's markets and rankings are its own).
            sightline org list
            sightline org create --name N --admin-email EMAIL [--admin-name NAME]
                                prints the organisation's id and its first administrator's one-time password
            --data-dir DIR      where the stores live (default ./data or DATA_DIR)`;

export async function runOrgCommand(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;
  if (action === undefined || action === 'help' || action === '--help' || rest.includes('--help')) {
    console.log(ORG_HELP);
    return 0;
  }
  if (action !== 'list' && action !== 'create') {
    console.error(`Unknown org action "${action}".\n\n${ORG_HELP}`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    allowPositionals: false,
    options: {
      name: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-name': { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  let request = null;
  if (action === 'create') {
    const parsed = createOrganisationRequest.safeParse({
      name: values.name,
      adminEmail: values['admin-email'],
      ...(values['admin-name'] !== undefined ? { adminName: values['admin-name'] } : {}),
    });
    if (!parsed.success) {
      const flag = { name: '--name', adminEmail: '--admin-email', adminName: '--admin-name' };
      for (const i of parsed.error.issues) {
        const field = String(i.path[0] ?? '');
        console.error(`${flag[field as keyof typeof flag] ?? field}: ${i.message}`);
      }
      return 2;
    }
    request = parsed.data;
  }
  const base = loadConfig();
  const config = values['data-dir'] ? { ...base, dataDir: resolve(values['data-dir']) } : base;
  const stores = await openStores(config);
  try {
    const operator = new OperatorService(stores.meta, () => new Date());
    if (request === null) {
      for (const o of (await operator.list()).items) {
        console.log(`${o.id}\t${o.name}${o.operator ? '\t(operator)' : ''}`);
      }
      return 0;
    }
    const created = await operator.create(request);
    console.log(
      `Created organisation ${created.organisation.id} "${created.organisation.name}".\n` +
        `  first administrator: ${created.admin.email}\n` +
        `  password: ${created.admin.oneTimePassword}   (one-time: it is not stored and will not be shown again)`,
    );
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await closeStores(stores);
  }
}
