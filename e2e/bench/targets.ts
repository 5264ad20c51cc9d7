// The performance targets (issues 14 and 30, as issue 33 restated them), each as Portico's median beside the bare
// React 19 page's median of the same run and profile, their ratio, the limit and whether it is met: the report's last
// table. Issue 33 retired the plain page's 120 KiB, the React host's 40 KiB before the 1st click and the 3 MiB heap.

type Median = (key: string) => number | undefined;
type Unit = 'KiB' | 'MiB' | 'ms';

interface TargetRow {
  label: string;
  page: '/' | 'plain' | 'wagmi';
  /** Portico's figure: a sample key, or a figure computed from medians. */
  value: (median: Median) => number | undefined;
  /** The React baseline's sample key for the same figure. */
  baseline: string;
  unit: Unit;
  /** Met when the figure is at most `max` (in `unit`), or at most `maxRatio` × the baseline. */
  max?: number;
  maxRatio?: number;
}

const key = (name: string) => (median: Median) => median(name);

const ROWS: TargetRow[] = [
  // Bytes (issue 33): the critical path (scripts by the load event); the idle prefetch after it is reported only.
  { label: 'JS on the critical path, gz', page: 'plain', value: key('js:load:gzip:plain'), baseline: 'base:react:js', unit: 'KiB', max: 105 },
  // What Portico adds to a React host's critical path: the scripts from the shell's and the remotes' origins by the load
  // event (remoteEntry, ./portico and the shared copies it brings: shared-state, jotai, zod), not the demo site's own
  // code. `pnpm bench:size` row (b) counts the same files from the build.
  { label: "Portico on the React host's critical path", page: '/', value: key('js:load:gzip:portico:/'), baseline: 'base:react:js', unit: 'KiB', max: 40 },
  // Loading (issue 33): no task of Portico's over 50 ms before the visitor acts (load + idle time, idle work included: a
  // task counts when a script from the shell's or a remote's origin ran in its long animation frame).
  { label: "Portico's long tasks before the 1st click", page: '/', value: key('lt:portico-all:/'), baseline: 'base:react:lt', unit: 'ms', max: 0 },
  { label: "Portico's long tasks before the 1st click", page: 'plain', value: key('lt:portico-all:plain'), baseline: 'base:react:lt', unit: 'ms', max: 0 },
  { label: 'page load → Connect Wallet painted', page: '/', value: key('button:/'), baseline: 'base:react:button', unit: 'ms', maxRatio: 1.2 },
  // Opening (issue 33): no task over 50 ms from the click until the view settles; script ≤ 2×; first wallet ≤ 1.5×.
  { label: 'click → 1st wallet, cold', page: '/', value: key('open:cold:/'), baseline: 'base:react', unit: 'ms', maxRatio: 1.5 },
  { label: 'click → 1st wallet, cold', page: 'plain', value: key('open:cold:plain'), baseline: 'base:react', unit: 'ms', maxRatio: 1.5 },
  { label: 'click → 1st wallet, warm', page: '/', value: key('open:warm:/'), baseline: 'base:react', unit: 'ms', maxRatio: 2 },
  { label: 'long tasks while opening', page: '/', value: key('open:lt:/'), baseline: 'base:react:open:lt', unit: 'ms', max: 0 },
  { label: 'long tasks while opening', page: 'plain', value: key('open:lt:plain'), baseline: 'base:react:open:lt', unit: 'ms', max: 0 },
  { label: 'script time while opening', page: '/', value: key('open:script:/'), baseline: 'base:react:open:script', unit: 'ms', maxRatio: 2 },
  { label: 'script time while opening', page: 'plain', value: key('open:script:plain'), baseline: 'base:react:open:script', unit: 'ms', maxRatio: 2 },
  { label: 'INP of the open tap', page: '/', value: key('inp:open:/'), baseline: 'base:react:inp:open', unit: 'ms', max: 100 },
  { label: 'INP of the open tap', page: 'plain', value: key('inp:open:plain'), baseline: 'base:react:inp:open', unit: 'ms', max: 100 },
  { label: 'INP of a tap on a wallet', page: 'plain', value: key('inp:wallet:plain'), baseline: 'base:react:inp:open', unit: 'ms', max: 100 },
  { label: 'JS fetched by opening (until drawn), gz', page: '/', value: key('js:open:gzip:/'), baseline: 'base:react:js', unit: 'KiB', max: 40 },
  { label: 'JS fetched by opening (until drawn), gz', page: 'plain', value: key('js:open:gzip:plain'), baseline: 'base:react:js', unit: 'KiB', max: 40 },
  // Issue 30: the Vite + wagmi host on the host packages (examples/vite-react-wagmi): opening holds the React host's figures.
  { label: "Portico's long tasks before the 1st click", page: 'wagmi', value: key('lt:portico-all:wagmi'), baseline: 'base:react:lt', unit: 'ms', max: 0 },
  { label: 'click → 1st wallet, cold', page: 'wagmi', value: key('open:cold:wagmi'), baseline: 'base:react', unit: 'ms', maxRatio: 1.5 },
  { label: 'long tasks while opening', page: 'wagmi', value: key('open:lt:wagmi'), baseline: 'base:react:open:lt', unit: 'ms', max: 0 },
  { label: 'script time while opening', page: 'wagmi', value: key('open:script:wagmi'), baseline: 'base:react:open:script', unit: 'ms', maxRatio: 2 },
  { label: 'INP of the open tap', page: 'wagmi', value: key('inp:open:wagmi'), baseline: 'base:react:inp:open', unit: 'ms', max: 100 },
  { label: 'JS fetched by opening (until drawn), gz', page: 'wagmi', value: key('js:open:gzip:wagmi'), baseline: 'base:react:js', unit: 'KiB', max: 40 },
];

/** Bytes are sampled in bytes, times in ms. */
const inUnit = (value: number, unit: Unit) => (unit === 'KiB' ? value / 1024 : unit === 'MiB' ? value / 1024 / 1024 : value);
const show = (value: number, unit: Unit) => (unit === 'ms' ? value.toFixed(0) : value.toFixed(1));

/** The targets table, or a line saying why it cannot be drawn (no React baseline). */
export function targetLines(median: Median): string[] {
  if (median('base:react') === undefined) return ['targets: n/a (no React baseline)'];
  const lines = [
    'targets (issues 14, 30, 33; medians; ratio = Portico ÷ bare React 19 page, same run and profile):',
    `  ${'target'.padEnd(42)} ${'page'.padEnd(6)} ${'Portico'.padStart(8)} ${'React'.padStart(8)} ${'ratio'.padStart(7)}  limit`,
  ];
  for (const row of ROWS) {
    const value = row.value(median);
    const baseline = median(row.baseline);
    if (value === undefined || baseline === undefined) continue;
    const [portico, react] = [inUnit(value, row.unit), inUnit(baseline, row.unit)];
    const ratio = react > 0 ? portico / react : undefined;
    const met = row.max !== undefined ? portico <= row.max : ratio !== undefined && ratio <= row.maxRatio!;
    const limit = row.max !== undefined ? `≤ ${row.max} ${row.unit}` : `≤ ${row.maxRatio}×`;
    const ratioText = ratio === undefined ? '-' : `${ratio.toFixed(1)}×`;
    lines.push(
      `  ${row.label.padEnd(42)} ${row.page.padEnd(6)} ${show(portico, row.unit).padStart(8)} ${show(react, row.unit).padStart(8)} ${ratioText.padStart(7)}  ${limit.padEnd(10)} ${met ? 'met' : 'NOT MET'}`,
    );
  }
  return lines;
}
