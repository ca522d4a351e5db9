// `sightline campaign …`: set up projects and campaigns from scripts, through the same service as the REST
// API and the web app (services/campaign-setup), acting as a user (--as, default the first admin's email)
// whose roles and organisation apply. Like `import`, it opens the stores itself: stop the server first when
// it runs on the embedded stores (one process writes them at a time).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import {
  addDomainRequest,
  addKeywordsRequest,
  createCampaignRequest,
  domainGroupRequest,
} from '@contracts/campaign-setup';
import { parseKeywordPaste } from '@core/keyword-paste';
import { hasRole, type Role } from '@core/roles';
import { closeStores, openStores } from '@server/app';
import { loadConfig } from '@server/config';
import { HttpError } from '@server/http/errors';
import { CampaignSetupService } from '@server/services/campaign-setup';
import { WorkspaceService } from '@server/services/workspace-service';
import { intOption } from './options';

export const CAMPAIGN_HELP = `  campaign  Set up campaigns from scripts (the API's rules, limits and audit trail apply).
            sightline campaign list
            sightline campaign create --project P --name N --market M   (P: a project id, or a name,
                                created when missing); prints the new campaign's id
            sightline campaign delete ID
            sightline campaign add-keywords ID [FILE|-] [--group G]   one keyword a line, optionally
                                TAB volume TAB tags,comma,separated TAB group (--group G for lines
                                without one); - or no FILE reads standard input
            sightline campaign remove-keywords ID KEYWORD…
            sightline campaign add-domain ID VALUE [--label L] [--own]
            sightline campaign add-group ID --label L MEMBER…
            --as EMAIL          act as this user (default SIGHTLINE_ADMIN_EMAIL)
            --data-dir DIR      where the stores live (default ./data or DATA_DIR)`;

const ACTIONS = [
  'list',
  'create',
  'delete',
  'add-keywords',
  'remove-keywords',
  'add-domain',
  'add-group',
] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (a: string | undefined): a is Action => ACTIONS.includes(a as Action);

class UsageError extends Error {}

/** The input as the API's contract reads it (same limits and messages), or a UsageError naming each field. */
function checked<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new UsageError(r.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function runCampaignCommand(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;
  if (action === undefined || action === 'help' || action === '--help' || rest.includes('--help')) {
    console.log(CAMPAIGN_HELP);
    return 0;
  }
  if (!isAction(action)) {
    console.error(`Unknown campaign action "${action}".\n\n${CAMPAIGN_HELP}`);
    return 2;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      project: { type: 'string' },
      name: { type: 'string' },
      market: { type: 'string' },
      group: { type: 'string' },
      label: { type: 'string' },
      own: { type: 'boolean' },
      as: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const base = loadConfig();
  const config = values['data-dir'] ? { ...base, dataDir: resolve(values['data-dir']) } : base;
  const stores = await openStores(config);
  try {
    const email = values.as ?? config.adminEmail;
    const found = await stores.meta.findUserByEmail(email);
    if (!found || found.disabled) {
      console.error(`No active user ${email}: name one with --as EMAIL.`);
      return 2;
    }
    const { passwordHash: _secret, ...user } = found;
    const actor = { user };
    const need = (role: Role) => {
      if (!hasRole(user.roles, role)) throw new UsageError(`${email} lacks the role ${role} needed for this`);
    };
    const now = () => new Date();
    const setup = new CampaignSetupService(
      stores.meta,
      stores.rank,
      new WorkspaceService(stores.meta, stores.rank),
      config.limits,
      now,
    );
    await setup.finishPendingDeletes();
    const id = () => intOption('campaign id', positionals[0], 0, 1, 2 ** 31 - 1);
    const required = (name: 'project' | 'name' | 'market' | 'label', v: string | undefined) => {
      if (v === undefined || v.trim() === '') throw new UsageError(`--${name} is required`);
      return v;
    };
    switch (action) {
      case 'list': {
        const projects = await stores.meta.listProjects(user.organisationId);
        for (const p of projects) {
          console.log(`project ${p.id}  ${p.name}`);
          for (const c of await stores.meta.listCampaigns(user.organisationId, p.id)) {
            const k = await stores.rank.campaignKeywordSummary(c.id);
            console.log(`  campaign ${c.id}  ${c.name}  ${c.market}  ${k.keywords} keywords`);
          }
        }
        return 0;
      }
      case 'create': {
        need('ROLE_CV');
        const project = required('project', values.project);
        const projects = await stores.meta.listProjects(user.organisationId);
        const byId = /^\d+$/u.test(project) ? projects.find((p) => p.id === Number(project)) : undefined;
        const existing = byId ?? projects.find((p) => p.name === project);
        if (!existing && /^\d+$/u.test(project)) throw new UsageError(`project ${project} does not exist`);
        const req = checked(createCampaignRequest.omit({ projectId: true }), {
          name: required('name', values.name),
          market: required('market', values.market),
        });
        const projectId = existing?.id ?? (await setup.createProject(actor, project)).id;
        const c = await setup.createCampaign(actor, { ...req, projectId });
        console.log(`Created campaign ${c.id} "${c.name}" in ${c.market} (project ${c.projectName}).`);
        return 0;
      }
      case 'delete': {
        need('ROLE_CV');
        await setup.deleteCampaign(actor, id());
        console.log(`Deleted campaign ${id()} (the market's rankings are kept).`);
        return 0;
      }
      case 'add-keywords': {
        need('ROLE_CV');
        const file = positionals[1];
        const text = file === undefined || file === '-' ? await readStdin() : await readFile(file, 'utf8');
        const parsed = parseKeywordPaste(text);
        for (const e of parsed.errors) console.error(`line ${e.line}: ${e.reason}`);
        if (parsed.errors.length > 0) {
          console.error(`Nothing added: fix the ${parsed.errors.length} line(s) above and run again.`);
          return 1;
        }
        const r = await setup.addKeywords(
          actor,
          id(),
          checked(addKeywordsRequest, {
            keywords: parsed.keywords.map((k) => {
              const group = k.group ?? values.group;
              return { ...k, ...(group !== undefined && { group }) };
            }),
          }),
        );
        console.log(`Added ${r.added} keywords, updated ${r.merged}; the campaign holds ${r.total}.`);
        return 0;
      }
      case 'remove-keywords': {
        need('ROLE_CV');
        const r = await setup.removeKeywords(actor, id(), positionals.slice(1));
        console.log(`Removed ${r.removed} keywords; the campaign holds ${r.total}.`);
        if (r.notFound.length > 0) console.log(`Not in the campaign: ${r.notFound.join(', ')}`);
        return 0;
      }
      case 'add-domain': {
        need('ROLE_CV');
        const value = positionals[1];
        if (value === undefined) throw new UsageError('name the domain, host or host with a path to track');
        const d = await setup.addDomain(
          actor,
          id(),
          checked(addDomainRequest, {
            value,
            own: values.own === true,
            ...(values.label !== undefined && { label: values.label }),
          }),
        );
        console.log(`Tracking ${d.value} (${d.isOwn ? 'own' : 'competitor'}) as domain ${d.id}.`);
        return 0;
      }
      case 'add-group': {
        need('ROLE_CV');
        const g = await setup.createGroup(
          actor,
          id(),
          checked(domainGroupRequest, {
            label: required('label', values.label),
            members: positionals.slice(1),
          }),
        );
        console.log(`Created domain group ${g.id} "${g.label}": ${g.members.join(', ')}.`);
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof HttpError) {
      console.error(error.message);
      return error instanceof HttpError && error.statusCode >= 500 ? 1 : 2;
    }
    throw error;
  } finally {
    await closeStores(stores);
  }
}
