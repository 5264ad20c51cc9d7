// Issue 14's targets, each as Portico's median beside the bare React 19 page's median of the same run,
// their ratio, the limit and whether it is met: the report's last table.

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
  { label: 'JS before the 1st click, gz', page: 'plain', value: key('js:click:gzip:plain'), baseline: 'base:react:js', unit: 'KiB', max: 120 },
  {
    label: 'what the React host adds over React, gz',
    page: '/',
    value: (median) => {
      const host = median('js:click:gzip:/');
      const react = median('base:react:js');
      return host === undefined || react === undefined ? undefined : host - react;
    },
    baseline: 'base:react:js',
    unit: 'KiB',
    max: 40,
  },
  // "Nothing of Portico runs in one piece over 50 ms before the visitor acts (split, yield, or defer to idle)":
  // the tasks before the shell's idle work, all of them (the host's code and the browser's first layout too), then
  // those running Portico's scripts (shell/remote origins). The report's table 2 shows load + 2 s, idle work included.
  { label: 'long tasks before Portico\'s idle work', page: '/', value: key('lt:before-idle:/'), baseline: 'base:react:lt', unit: 'ms', max: 0 },
  { label: 'long tasks before Portico\'s idle work', page: 'plain', value: key('lt:before-idle:plain'), baseline: 'base:react:lt', unit: 'ms', max: 0 },
  { label: '  of them running Portico\'s scripts', page: '/', value: key('lt:portico:/'), baseline: 'base:react:lt', unit: 'ms', max: 0 },
  { label: '  of them running Portico\'s scripts', page: 'plain', value: key('lt:portico:plain'), baseline: 'base:react:lt', unit: 'ms', max: 0 },
  { label: 'click → 1st wallet, cold', page: '/', value: key('open:cold:/'), baseline: 'base:react', unit: 'ms', maxRatio: 2 },
  { label: 'click → 1st wallet, cold', page: 'plain', value: key('open:cold:plain'), baseline: 'base:react', unit: 'ms', maxRatio: 2 },
  { label: 'click → 1st wallet, warm', page: '/', value: key('open:warm:/'), baseline: 'base:react', unit: 'ms', maxRatio: 2 },
  { label: 'JS fetched by opening (until drawn), gz', page: '/', value: key('js:open:gzip:/'), baseline: 'base:react:js', unit: 'KiB', max: 40 },
  { label: 'JS fetched by opening (until drawn), gz', page: 'plain', value: key('js:open:gzip:plain'), baseline: 'base:react:js', unit: 'KiB', max: 40 },
  // The page's own heap: each run's figure less that run's share of the bench's own scripts (table 1, row 9).
  { label: 'JS heap after open (after GC)', page: '/', value: key('heap:/:own'), baseline: 'base:react:heap:own', unit: 'MiB', max: 3 },
  { label: 'JS heap after open (after GC)', page: 'plain', value: key('heap:plain:own'), baseline: 'base:react:heap:own', unit: 'MiB', max: 3 },
  // The heap the open modal keeps, once the WalletConnect client it preloads after painting has landed.
  { label: '  same, once settled', page: '/', value: key('heap:settled:/:own'), baseline: 'base:react:heap:own', unit: 'MiB', max: 3 },
  { label: '  same, once settled', page: 'plain', value: key('heap:settled:plain:own'), baseline: 'base:react:heap:own', unit: 'MiB', max: 3 },
  { label: 'page load → Connect Wallet painted', page: '/', value: key('button:/'), baseline: 'base:react:button', unit: 'ms', maxRatio: 1.3 },
  { label: 'page load → Connect Wallet painted', page: 'plain', value: key('button:plain'), baseline: 'base:react:button', unit: 'ms', maxRatio: 1.3 },
  // Issue 30: the Vite + wagmi host on the host packages (examples/vite-react-wagmi): opening holds the React host's figures.
  { label: 'long tasks before Portico\'s idle work', page: 'wagmi', value: key('lt:before-idle:wagmi'), baseline: 'base:react:lt', unit: 'ms', max: 0 },
  { label: '  of them running Portico\'s scripts', page: 'wagmi', value: key('lt:portico:wagmi'), baseline: 'base:react:lt', unit: 'ms', max: 0 },
  { label: 'click → 1st wallet, cold', page: 'wagmi', value: key('open:cold:wagmi'), baseline: 'base:react', unit: 'ms', maxRatio: 2 },
  { label: 'JS fetched by opening (until drawn), gz', page: 'wagmi', value: key('js:open:gzip:wagmi'), baseline: 'base:react:js', unit: 'KiB', max: 40 },
];

/** Bytes are sampled in bytes, times in ms. */
const inUnit = (value: number, unit: Unit) => (unit === 'KiB' ? value / 1024 : unit === 'MiB' ? value / 1024 / 1024 : value);
const show = (value: number, unit: Unit) => (unit === 'ms' ? value.toFixed(0) : value.toFixed(1));

/** The targets table, or a line saying why it cannot be drawn (no React baseline). */
export function targetLines(median: Median): string[] {
  if (median('base:react') === undefined) return ['issue 14 targets: n/a (no React baseline)'];
  const lines = [
    'issue 14 targets (medians; ratio = Portico ÷ bare React 19 page, same run):',
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
