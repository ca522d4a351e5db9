// The `sightline` command: serve the app, generate the demo workspace, run migrations.
// Usage: sightline <serve|demo|migrate|import|campaign|org|migrate-data> [options]; `sightline help` lists them.
import { parseArgs } from 'node:util';
import { runServe } from './serve-command';
import { runDemo } from './demo-command';
import { runMigrate } from './migrate-command';
import { CAMPAIGN_HELP, runCampaignCommand } from './campaign-command';
import { IMPORT_HELP, runImportCommand } from './import-command';
import { MIGRATE_DATA_HELP, runMigrateDataCommand } from './migrate-data-command';
import { ORG_HELP, runOrgCommand } from './org-command';

const HELP = `sightline — search visibility analytics

Commands:
  serve     Serve the app and API on one port (default 8080). On the first start with empty stores it
            creates the admin user and generates the demo workspace.
            --demo-keywords N   keywords per market for that first demo (default 20000)
            --no-demo           start with an empty workspace
  demo      Generate the demo workspace into an empty data folder.
            --data-dir DIR      where the stores live (default ./data or DATA_DIR)
            --keywords N        keywords per market (default 20000)
            --weeks N           weekly snapshots (default 26)
            --seed N            random seed (default 42); the same seed gives the same workspace
  migrate   Apply pending store migrations and exit.
${IMPORT_HELP}
${CAMPAIGN_HELP}
${ORG_HELP}
${MIGRATE_DATA_HELP}

Environment: PORT, HOST, DATA_DIR, DATABASE_URL, CLICKHOUSE_URL, SIGHTLINE_ADMIN_EMAIL,
SIGHTLINE_ADMIN_PASSWORD, LOG_LEVEL (see README).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'import') return runImportCommand(rest);
  if (command === 'migrate-data') return runMigrateDataCommand(rest);
  if (command === 'campaign') return runCampaignCommand(rest);
  if (command === 'org') return runOrgCommand(rest);
  const { values } = parseArgs({
    args: rest,
    allowPositionals: false,
    options: {
      'data-dir': { type: 'string' },
      keywords: { type: 'string' },
      weeks: { type: 'string' },
      seed: { type: 'string' },
      'demo-keywords': { type: 'string' },
      'no-demo': { type: 'boolean' },
    },
  });
  switch (command) {
    case 'serve':
      return runServe({ demoKeywords: values['demo-keywords'], noDemo: values['no-demo'] === true });
    case 'demo':
      return runDemo({
        dataDir: values['data-dir'],
        keywords: values.keywords,
        weeks: values.weeks,
        seed: values.seed,
      });
    case 'migrate':
      return runMigrate();
    case undefined:
    case 'help':
    case '--help':
      console.log(HELP);
      return 0;
    default:
      console.error(`Unknown command "${command}".\n\n${HELP}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
