/**
 * portico-admin: the operator's CLI over the API's database (PostgreSQL, or a PGlite data directory while the API
 * is stopped). `runAdmin(argv, io)` is the whole program, so the tests run it as the binary does.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { operatorKeySchema, previousOperatorKeySchema } from '@portico/secure-site/src/sealing';
import { z } from 'zod';
import { openDb, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { rotateSessionKey, sessionKeyStatus } from '../sessions/keys';
import { AdminError } from './errors';
import { limitsState } from './limits';
import { resealWallets, rotateOperatorKey } from './operator-key';
import { checkOrigin, createProject, listProjects, parsed, setAllowedOrigins } from './projects';
import { deleteUser, exportUser, subjectSchema } from './users';

export interface AdminIo {
  env: Record<string, string | undefined>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** An open database to use instead of the one the options name (tests). */
  db?: Db;
}

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Command {
  usage: string;
  options: Options;
  positionals: number;
  /** Needs the database (every command but secure-site-key rotate). */
  db: boolean;
  run(ctx: { db: Db; values: Values; args: string[]; env: AdminIo['env'] }): Promise<unknown>;
}

const DURATION = /^(\d{1,6})(s|m|h|d)$/;
const UNIT_S = { s: 1, m: 60, h: 3_600, d: 86_400 } as const;
const durationSchema = z
  .string()
  .regex(DURATION, 'must be a number and a unit: s, m, h or d (e.g. 7d)')
  .transform((v) => {
    const [, n, unit] = DURATION.exec(v)!;
    return Number(n) * UNIT_S[unit as keyof typeof UNIT_S];
  })
  .refine((s) => s > 0, 'must be longer than 0');
/** A rotation's default grace: the longest sign-in and embedded session (7 days), so no live token is cut short. */
const DEFAULT_GRACE = '7d';

const grace = (values: Values) => parsed(durationSchema, values.grace ?? DEFAULT_GRACE, '--grace');

async function fileText(flag: string, path: string | undefined): Promise<string | undefined> {
  if (path === undefined) return undefined;
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (err) {
    throw new AdminError(`${flag}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

const str = (v: Values[string]) => (typeof v === 'string' ? v : undefined);

/** One of --user, --email, --address. */
function subject(values: Values) {
  const given = (['user', 'email', 'address'] as const).filter((k) => values[k] !== undefined);
  if (given.length !== 1) throw new UsageError('name the person by exactly one of --user <id>, --email <address>, --address <0x…>');
  const [k] = given as [keyof typeof values];
  const result = subjectSchema.safeParse(k === 'user' ? { userId: values.user } : { [k]: values[k] });
  if (!result.success) throw new UsageError(`--${k}: ${result.error.issues[0]!.message}`);
  return result.data;
}

const SUBJECT_OPTIONS: Options = { user: { type: 'string' }, email: { type: 'string' }, address: { type: 'string' } };
const KEY_FILES: Options = { grace: { type: 'string' }, 'key-file': { type: 'string' }, 'current-key-file': { type: 'string' } };

const COMMANDS: Record<string, Command> = {
  'projects create': {
    usage: 'projects create <project-id> [--origin <pattern>]... [--analytics]',
    options: { origin: { type: 'string', multiple: true }, analytics: { type: 'boolean' } },
    positionals: 1,
    db: true,
    run: ({ db, values, args }) =>
      createProject(db, { projectId: args[0]!, allowedOrigins: (values.origin as string[] | undefined) ?? [], analyticsEnabled: values.analytics === true }),
  },
  'projects list': { usage: 'projects list', options: {}, positionals: 0, db: true, run: ({ db }) => listProjects(db) },
  'projects set-origins': {
    usage: 'projects set-origins <project-id> (--origin <pattern>... | --none)',
    options: { origin: { type: 'string', multiple: true }, none: { type: 'boolean' } },
    positionals: 1,
    db: true,
    run: ({ db, values, args }) => {
      const origins = (values.origin as string[] | undefined) ?? [];
      if ((origins.length > 0) === (values.none === true)) throw new UsageError('give the origins (--origin, repeated) or --none (server-to-server only), not both');
      return setAllowedOrigins(db, args[0]!, origins);
    },
  },
  'projects check-origin': {
    usage: 'projects check-origin <project-id> <origin>',
    options: {},
    positionals: 2,
    db: true,
    run: ({ db, args }) => checkOrigin(db, args[0]!, args[1]!),
  },
  'session-key rotate': {
    usage: 'session-key rotate [--grace <duration, 7d>] [--key-file <new key PEM/JWK>] [--current-key-file <key in use>]',
    options: KEY_FILES,
    positionals: 0,
    db: true,
    run: async ({ db, values, env }) =>
      rotateSessionKey(db, {
        graceS: grace(values),
        newKey: await fileText('--key-file', str(values['key-file'])),
        currentKey: (await fileText('--current-key-file', str(values['current-key-file']))) ?? env.PORTICO_API_SESSION_KEY,
      }),
  },
  'session-key status': { usage: 'session-key status', options: {}, positionals: 0, db: true, run: ({ db }) => sessionKeyStatus(db) },
  'secure-site-key rotate': {
    usage: 'secure-site-key rotate [--grace <duration, 7d>] [--key-file <new key>] [--current-key-file <key in use; else PORTICO_SECURE_SITE_KEY>]',
    options: KEY_FILES,
    positionals: 0,
    db: false,
    run: async ({ values, env }) => {
      const currentKey = (await fileText('--current-key-file', str(values['current-key-file']))) ?? env.PORTICO_SECURE_SITE_KEY;
      if (!currentKey) throw new UsageError('the operator key in use is needed: --current-key-file <file> or PORTICO_SECURE_SITE_KEY');
      return rotateOperatorKey({ currentKey, newKey: await fileText('--key-file', str(values['key-file'])), graceS: grace(values) });
    },
  },
  'secure-site-key reseal': {
    usage: 'secure-site-key reseal   (with the secure site\'s PORTICO_SECURE_SITE_KEY and PORTICO_SECURE_SITE_PREVIOUS_KEY)',
    options: {},
    positionals: 0,
    db: true,
    run: ({ db, env }) => {
      if (!env.PORTICO_SECURE_SITE_KEY) throw new UsageError('PORTICO_SECURE_SITE_KEY (the new operator key) is not set');
      const current = parsed(operatorKeySchema, env.PORTICO_SECURE_SITE_KEY, 'PORTICO_SECURE_SITE_KEY');
      const previous = env.PORTICO_SECURE_SITE_PREVIOUS_KEY && parsed(previousOperatorKeySchema, env.PORTICO_SECURE_SITE_PREVIOUS_KEY, 'PORTICO_SECURE_SITE_PREVIOUS_KEY');
      return resealWallets(db, { current, ...(previous && { previous }) });
    },
  },
  'limits show': {
    usage: 'limits show [--email <address>] [--limiter <name>]',
    options: { email: { type: 'string' }, limiter: { type: 'string' } },
    positionals: 0,
    db: true,
    run: ({ db, values }) => limitsState(db, { email: str(values.email), limiter: str(values.limiter) }),
  },
  'users export': { usage: 'users export (--user <id> | --email <address> | --address <0x…>)', options: SUBJECT_OPTIONS, positionals: 0, db: true, run: ({ db, values }) => exportUser(db, subject(values)) },
  'users delete': {
    usage: 'users delete (--user <id> | --email <address> | --address <0x…>) --yes',
    options: { ...SUBJECT_OPTIONS, yes: { type: 'boolean' } },
    positionals: 0,
    db: true,
    run: async ({ db, values }) => {
      const who = subject(values);
      if (values.yes !== true) throw new UsageError('users delete removes every row of the person for good: add --yes (users export first keeps a copy)');
      return { deleted: await deleteUser(db, who) };
    },
  },
};

class UsageError extends Error {}

const GLOBAL_OPTIONS: Options = { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } };

export const USAGE = `usage: portico-admin <command> [options]   (--database-url <url> or DATABASE_URL; PGlite: --data-dir or PORTICO_API_DATA_DIR)

${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}

Answers are JSON on stdout. Durations: <n>s, <n>m, <n>h or <n>d.`;

/** Runs one command; the exit code: 0 done, 1 refused (why on stderr), 2 a usage mistake. */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const name = argv.slice(0, 2).join(' ');
  const command = COMMANDS[name];
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (!command) {
    io.stderr(`portico-admin: unknown command '${name}'\n${USAGE}\n`);
    return 2;
  }
  let db: Db | undefined;
  try {
    const { values, positionals } = parseArgs({ args: argv.slice(2), options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
    if (values.help) {
      io.stdout(`usage: portico-admin ${command.usage}\n`);
      return 0;
    }
    if (positionals.length !== command.positionals) throw new UsageError(`expected ${command.positionals} argument(s): ${command.usage}`);
    if (command.db) db = io.db ?? (await openDatabase(values, io.env));
    const result = await command.run({ db: db!, values, args: positionals, env: io.env });
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (err) {
    const usage = err instanceof UsageError || String((err as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    // A refusal is one line; anything else is a fault worth its stack.
    const refusal = usage || err instanceof AdminError || /^session (signing )?key:/.test((err as Error).message);
    io.stderr(`portico-admin: ${refusal ? (err as Error).message : String((err as Error).stack ?? err)}${usage ? `\nusage: portico-admin ${command.usage}` : ''}\n`);
    return usage ? 2 : 1;
  } finally {
    if (db && db !== io.db) await db.close();
  }
}

async function openDatabase(values: Values, env: AdminIo['env']): Promise<Db> {
  const databaseUrl = str(values['database-url']) ?? env.DATABASE_URL;
  const dataDir = str(values['data-dir']) ?? env.PORTICO_API_DATA_DIR;
  if (!databaseUrl && !dataDir) throw new UsageError('no database: --database-url <url> or DATABASE_URL (PGlite: --data-dir <dir> or PORTICO_API_DATA_DIR)');
  let db: Db;
  try {
    db = await openDb({ databaseUrl, dataDir });
  } catch (err) {
    throw new AdminError(`cannot open the database (${(err as Error).message})`);
  }
  // The tables this CLI reads are the API's own: bring an older database up to date as the API's start would.
  await migrate(db).catch(async (err: Error) => {
    await db.close();
    throw err;
  });
  return db;
}
