/** `portico-admin` (bin/portico-admin.mjs, `pnpm --filter @portico/api admin`): see cli.ts and the README's "Operator CLI". */
import { runAdmin } from './cli';

process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
