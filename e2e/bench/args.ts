// Command line of `pnpm bench:connect` (see connect.bench.ts for what is measured).
import type { ProfileName } from './profile.ts';

export const USAGE = `pnpm bench:connect [--runs N] [--profile desktop|phone] [--build] [--timeout SECONDS] [--files] [--embedded] [--help]
  --runs N           runs to take the median of, 1..100 (default 7)
  --profile NAME     desktop (default: no throttling) or phone (CDP: 4× CPU slowdown, 150 ms latency,
                     1.6 Mbit/s down, on every page of the run, baselines included; implies --embedded:
                     the demo's real Connect view with the email field and the social logins)
  --build            run \`pnpm run build\` first (default: only when a dist is missing)
  --timeout SECONDS  give up and clean up after this long (default 180 + 60 per run)
  --files            list the JS files counted before the first click (at load or idle) and those
                     opening fetched until the first view was drawn, and each long task before
                     Portico's idle work with the scripts that ran in it
  --embedded         the demo's options with the embedded wallet, as \`pnpm demo\` has them (its secure site
                     runs in every bench): Connect shows the email field and the social logins
  --help             print this and exit`;

export interface BenchArgs {
  runs: number;
  profile: ProfileName;
  forceBuild: boolean;
  listFiles: boolean;
  /** Connect with the email and social logins (the demo's `embeddedWallet` option). */
  embedded: boolean;
  totalTimeoutMs: number;
}

/** `--name value` or `--name=value`. */
function argValue(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i >= 0) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

/** The options, `'help'` for --help, or the message of the first bad one. */
export function parseArgs(argv: readonly string[]): BenchArgs | 'help' | { error: string } {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const runs = Number(argValue(argv, '--runs') ?? 7);
  if (!Number.isInteger(runs) || runs < 1 || runs > 100) return { error: '--runs must be an integer 1..100' };
  const profile = argValue(argv, '--profile') ?? 'desktop';
  if (profile !== 'desktop' && profile !== 'phone') return { error: '--profile must be desktop or phone' };
  return {
    runs,
    profile,
    forceBuild: argv.includes('--build'),
    listFiles: argv.includes('--files'),
    embedded: argv.includes('--embedded') || profile === 'phone',
    totalTimeoutMs: Number(argValue(argv, '--timeout') ?? 180 + runs * 60) * 1000,
  };
}
