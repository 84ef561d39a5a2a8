/**
 * `npm run seed`: migrate the configured database and create the demo shop if it has no users yet.
 * Demo accounts have a published password: they go only into the embedded database outside production,
 * or wherever SEED_DEMO=1 asks for them (config.seedDemo decides, for `npm start` too).
 */
import fs from 'node:fs/promises';
import { ConfigError, loadConfig, type Config } from '../../config.ts';
import { openDatabase } from '../../main.ts';
import { runMigrations } from '../client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from './demo.ts';

const say = (msg: string) => process.stdout.write(`[haat seed] ${msg}\n`);

async function run(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (!config.seedDemo) {
    process.stderr.write(
      '[haat seed] Refusing to create demo accounts here: they are made only on the embedded database outside ' +
        'production, or when SEED_DEMO=1 is set.\n',
    );
    return 1;
  }

  await fs.mkdir(config.dataDir, { recursive: true });
  const { db, embedded } = await openDatabase(config);
  try {
    await runMigrations(db);
    const started = Date.now();
    if (await seedIfEmpty(db, { dataDir: config.dataDir })) {
      say(
        `seeded the demo shop in ${((Date.now() - started) / 1000).toFixed(1)} s. Accounts (password ${DEMO_PASSWORD}):`,
      );
      for (const a of DEMO_ACCOUNTS)
        say(`  ${a.email.padEnd(24)} ${a.role}${a.active ? '' : ' (not yet active)'}`);
    } else {
      say(
        'the database already has users: the demo shop is already there (or this is not an empty database). Nothing done.',
      );
    }
    return 0;
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `[haat seed] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
