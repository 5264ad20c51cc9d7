/**
 * Regenerates the artwork the API serves (`artwork/`: wallet, connector, network and token images plus
 * `index.json`) and the marks the Connect view draws, the social logins' and the wallet stores'
 * (`remotes/connect/src/components/social-marks.ts`, `store-marks.ts`) from pinned npm packages.
 *
 *   pnpm --filter @portico/api artwork      (needs the npm registry; the output is committed)
 *
 * Each package is fetched with `npm pack` (the tarball alone: thirdweb as a dependency would bring React,
 * WalletConnect and ~80 more packages into the lockfile) and checked against its pinned sha512 before use.
 * Nothing here runs in the product: the API reads only the committed files.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { ARTWORK_DIR, type ArtworkIndex, type ArtworkSource } from '../src/artwork/library';
import { readSeedWallets, walletIdOf, type SeedWallet } from '../src/seed/wallets';

const SOCIAL_MARKS_FILE = fileURLToPath(new URL('../../../remotes/connect/src/components/social-marks.ts', import.meta.url));
const STORE_MARKS_FILE = fileURLToPath(new URL('../../../remotes/connect/src/components/store-marks.ts', import.meta.url));

/** Every package artwork comes from, pinned by version and tarball hash. */
const PACKAGES = {
  thirdweb: { name: 'thirdweb', version: '5.121.6', licence: 'Apache-2.0', integrity: 'sha512-tZuYoxazy8GJz59IX/NhpQ5u+DzC/vo9/3ZgqxY9pZPDlnH0QZY8oJOX2m7L2DmtzTCqa5YWD+x9Xj18EQDiyw==' },
  rainbowkit: { name: '@rainbow-me/rainbowkit', version: '2.2.11', licence: 'MIT', integrity: 'sha512-FHPsRHMBpuHHhuyKktAR13O9agmsUUunDnVEP4hG1dSZ2JojXLUSWyLG28VbGIJakHYylkNguiLFnqM/BM8ERA==' },
  onboard: { name: '@web3-onboard/injected-wallets', version: '2.11.3', licence: 'MIT', integrity: 'sha512-DSfcJRwe7KgXHSosXSz8QUMpoSTd6ltrb3qb8xhDjwLdpYlSlcmhaH5blP/gvNeB38imiJ9xCQpnI5tpaLKneQ==' },
  keepkey: { name: '@web3-onboard/keepkey', version: '2.3.10', licence: 'MIT', integrity: 'sha512-jIcjpRIV79k3Ne543GJ6II4MeUT81mM1Lws3sIXPnV/nYtSmnUlcvSi79f9MXAHF4b+g+ZIlWY6GyS2yqPkuVA==' },
  spot: { name: '@solana/wallet-adapter-spot', version: '0.1.20', licence: 'Apache-2.0', integrity: 'sha512-M6/+hjBLWJM+0xPa3V0hrxcd6oYLDzfzlmhsAIWziGpD4xqV6yrJZ/k1lHH2bE3AtAkt3IiHTrPtNJVVxFznmw==' },
  web3icons: { name: '@web3icons/core', version: '4.0.56', licence: 'MIT', integrity: 'sha512-jyLkrMdfn6RTZ0+61Ap1AS2yeSG6WZ8mxZ61S3lu/CC0rJb4fgr2jw3W8aCDxhakEm/xqaEZqUmlZiTxCCs4yw==' },
  cryptocurrencyIcons: { name: 'cryptocurrency-icons', version: '0.18.1', licence: 'CC0-1.0', integrity: 'sha512-dvR5O8JOmav3559Yb0Igpkia+3vpt/aeNvMu5ZIVUG2Bzpq9wNcOJRIQas49XJrPjtZ98GAEn3aDQO+w7uhS2w==' },
  simpleIcons: { name: 'simple-icons', version: '16.37.0', licence: 'CC0-1.0', integrity: 'sha512-8mCJIhpMYOL9g13GW59EiL3sVXJnTEKGCTZFaekl9UQ3Qo0SwVjnLaJ82QiaH8BKBdouEDzrHMXIWh8cBIy48A==' },
} as const satisfies Record<string, ArtworkSource & { integrity: string }>;
type PackageKey = keyof typeof PACKAGES;

/** Where a picture is in a package, and whether a transparent mark needs a plate to stand on in both themes. */
interface Pick {
  from: PackageKey;
  path: string;
  /** Background of a square plate under a transparent mark (dark marks on white). */
  plate?: string;
}

/**
 * Wallets whose picture comes from elsewhere than thirdweb's generated list (matched there by name): the wallets it
 * lacks, and certified wallets, whose thirdweb picture has the explorer's certified badge drawn over the logo
 * (ten of those have no other source and keep it: Fireblocks, Bitcoin.com Wallet,
 * Blockchain.com, BitPay Wallet, Arculus Wallet, My Wallet, IronWallet, DCENT, Bridge Wallet, CoolWallet). The rest of the registry, mostly wallets seen only in the
 * 2022 registry, keeps a generated monogram.
 */
const WALLET_PICKS: Record<string, Pick> = {
  'Binance Wallet': { from: 'rainbowkit', path: 'dist/binanceWallet-*.js' },
  MetaMask: { from: 'rainbowkit', path: 'dist/metaMaskWallet-*.js' },
  SafePal: { from: 'rainbowkit', path: 'dist/safepalWallet-*.js' },
  'Trust Wallet': { from: 'rainbowkit', path: 'dist/trustWallet-*.js' },
  'OKX Wallet': { from: 'rainbowkit', path: 'dist/okxWallet-*.js' },
  TokenPocket: { from: 'rainbowkit', path: 'dist/tokenPocketWallet-*.js' },
  'Bitget Wallet': { from: 'rainbowkit', path: 'dist/bitgetWallet-*.js' },
  'Uniswap Wallet': { from: 'rainbowkit', path: 'dist/uniswapWallet-*.js' },
  'Ledger Wallet': { from: 'rainbowkit', path: 'dist/ledgerWallet-*.js' },
  Zerion: { from: 'rainbowkit', path: 'dist/zerionWallet-*.js' },
  'Best Wallet': { from: 'rainbowkit', path: 'dist/bestWallet-*.js' },
  'Crypto.com Onchain': { from: 'onboard', path: 'dist/icons/defiwallet.js', plate: '#ffffff' },
  'Bifrost Wallet': { from: 'rainbowkit', path: 'dist/bifrostWallet-*.js' },
  xPortal: { from: 'rainbowkit', path: 'dist/xPortalWallet-*.js' },
  '1inch Wallet': { from: 'rainbowkit', path: 'dist/oneInchWallet-*.js' },
  'Trezor Suite': { from: 'web3icons', path: 'dist/svgs/wallets/background/trezor.svg.js' },
  imToken: { from: 'rainbowkit', path: 'dist/imTokenWallet-*.js' },
  'Ronin Wallet': { from: 'rainbowkit', path: 'dist/roninWallet-*.js' },
  Safe: { from: 'rainbowkit', path: 'dist/safeWallet-*.js' },
  Gemini: { from: 'rainbowkit', path: 'dist/geminiWallet-*.js' },
  'Ctrl Wallet': { from: 'rainbowkit', path: 'dist/ctrlWallet-*.js' },
  Taho: { from: 'rainbowkit', path: 'dist/tahoWallet-*.js' },
  Bitski: { from: 'rainbowkit', path: 'dist/bitskiWallet-*.js' },
  Tokenary: { from: 'rainbowkit', path: 'dist/tokenaryWallet-*.js' },
  CLV: { from: 'rainbowkit', path: 'dist/clvWallet-*.js' },
  'Desig Wallet': { from: 'rainbowkit', path: 'dist/desigWallet-*.js' },
  Porto: { from: 'rainbowkit', path: 'dist/portoWallet-*.js' },
  'Ramper Wallet': { from: 'rainbowkit', path: 'dist/ramperWallet-*.js' },
  Safeheron: { from: 'rainbowkit', path: 'dist/safeheronWallet-*.js' },
  Seif: { from: 'rainbowkit', path: 'dist/seifWallet-*.js' },
  ZilPay: { from: 'rainbowkit', path: 'dist/zilPayWallet-*.js' },
  'Infinity Wallet': { from: 'onboard', path: 'dist/icons/infinitywallet.js' },
  BlockWallet: { from: 'onboard', path: 'dist/icons/blockwallet.js', plate: '#ffffff' },
  MYKEY: { from: 'onboard', path: 'dist/icons/mykey.js', plate: '#ffffff' },
  'wallet.io': { from: 'onboard', path: 'dist/icons/walletio.js' },
  Ownbit: { from: 'onboard', path: 'dist/icons/ownbit.js', plate: '#ffffff' },
  'AToken Wallet': { from: 'onboard', path: 'dist/icons/atoken.js', plate: '#ffffff' },
  'GameStop Wallet': { from: 'onboard', path: 'dist/icons/gamestop.js', plate: '#ffffff' },
  'Apex Wallet': { from: 'onboard', path: 'dist/icons/apexwallet.js' },
  Fordefi: { from: 'onboard', path: 'dist/icons/fordefi.js', plate: '#ffffff' },
  Liquality: { from: 'onboard', path: 'dist/icons/liquality.js', plate: '#ffffff' },
  StableWallet: { from: 'onboard', path: 'dist/icons/stablewallet.js' },
  'Zodiac Pilot': { from: 'onboard', path: 'dist/icons/zodiacpilot.js' },
  'KeepKey Desktop': { from: 'keepkey', path: 'dist/icon.js', plate: '#ffffff' },
  Spot: { from: 'spot', path: 'lib/esm/adapter.js' },
  UniPass: { from: 'web3icons', path: 'dist/svgs/wallets/background/unipass.svg.js' },
  Venly: { from: 'web3icons', path: 'dist/svgs/wallets/background/venly.svg.js' },
  Solflare: { from: 'web3icons', path: 'dist/svgs/wallets/background/solflare.svg.js' },
};

const CONNECTORS: Record<string, Pick> = {
  // WalletConnect's blue app mark (the connector is not a registry wallet).
  walletConnect: { from: 'web3icons', path: 'dist/svgs/wallets/background/wallet-connect.svg.js' },
  // Coinbase's mark for its SDK's connector (the registry lists the wallet under its newer name, Base).
  coinbaseWalletSDK: { from: 'web3icons', path: 'dist/svgs/wallets/background/coinbase.svg.js' },
  // Safe{Wallet}'s mark for the Safe Apps connector (a page opened inside the Safe web app).
  safe: { from: 'rainbowkit', path: 'dist/safeWallet-*.js' },
};

const web3Network = (name: string): Pick => ({ from: 'web3icons', path: `dist/svgs/networks/background/${name}.svg.js` });

/** CAIP-2 id → its picture; a testnet shows its parent's. */
const NETWORKS: Record<string, Pick> = {
  ...Object.fromEntries(['1', '11155111', '17000', '560048'].map((id) => [`eip155:${id}`, web3Network('ethereum')])),
  ...Object.fromEntries(['10', '11155420'].map((id) => [`eip155:${id}`, web3Network('optimism')])),
  ...Object.fromEntries(['8453', '84532'].map((id) => [`eip155:${id}`, web3Network('base')])),
  ...Object.fromEntries(['42161', '421614'].map((id) => [`eip155:${id}`, web3Network('arbitrum-one')])),
  'eip155:42170': web3Network('arbitrum-nova'),
  ...Object.fromEntries(['137', '80002'].map((id) => [`eip155:${id}`, web3Network('polygon')])),
  'eip155:1101': web3Network('polygon-zkevm'),
  ...Object.fromEntries(['56', '97'].map((id) => [`eip155:${id}`, web3Network('binance-smart-chain')])),
  ...Object.fromEntries(['43114', '43113'].map((id) => [`eip155:${id}`, web3Network('avalanche')])),
  ...Object.fromEntries(['324', '300'].map((id) => [`eip155:${id}`, web3Network('zksync')])),
  ...Object.fromEntries(['59144', '59141'].map((id) => [`eip155:${id}`, web3Network('linea')])),
  ...Object.fromEntries(['534352', '534351'].map((id) => [`eip155:${id}`, web3Network('scroll')])),
  ...Object.fromEntries(['100', '10200'].map((id) => [`eip155:${id}`, web3Network('gnosis')])),
  ...Object.fromEntries(['42220', '44787', '11142220'].map((id) => [`eip155:${id}`, web3Network('celo')])),
  ...Object.fromEntries(['7777777', '999999999'].map((id) => [`eip155:${id}`, web3Network('zora')])),
  ...Object.fromEntries(['81457', '168587773'].map((id) => [`eip155:${id}`, web3Network('blast')])),
  ...Object.fromEntries(['5000', '5003'].map((id) => [`eip155:${id}`, web3Network('mantle')])),
  ...Object.fromEntries(['130', '1301'].map((id) => [`eip155:${id}`, web3Network('unichain')])),
  'eip155:80094': web3Network('berachain'),
  'eip155:61': web3Network('ethereum-classic'),
  // mainnet-beta, devnet, testnet
  ...Object.fromEntries(
    ['5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'].map((id) => [`solana:${id}`, web3Network('solana')]),
  ),
  // mainnet, testnet3, testnet4, signet
  ...Object.fromEntries(
    ['000000000019d6689c085ae165831e93', '000000000933ea01ad0ee984209779ba', '00000000da84f2bafbbc53dee25a72ae', '00000008819873e925422c1ff0f99f7c'].map((id) => [
      `bip122:${id}`,
      web3Network('bitcoin'),
    ]),
  ),
};

const coin = (name: string): Pick => ({ from: 'cryptocurrencyIcons', path: `svg/color/${name}.svg` });
const web3Token = (symbol: string): Pick => ({ from: 'web3icons', path: `dist/svgs/tokens/background/${symbol}.svg.js` });

/**
 * Token symbol (upper case) → its picture: cryptocurrency-icons' round coins where they have the token, else
 * web3icons. Wrapped ether is drawn as ether; ARB as Arbitrum's mark (web3icons' ARB token picture is another token's).
 */
const TOKENS: Record<string, Pick> = {
  ...Object.fromEntries(
    ['ETH', 'USDC', 'USDT', 'DAI', 'SOL', 'BTC', 'WBTC', 'MATIC', 'BNB', 'AVAX', 'LINK', 'UNI', 'AAVE', 'MKR', 'CRV', 'COMP', 'GNO', 'SNX', 'GRT', 'APE', 'TUSD'].map(
      (symbol) => [symbol, coin(symbol.toLowerCase())],
    ),
  ),
  WETH: coin('eth'),
  ...Object.fromEntries(['POL', 'OP', 'CELO', 'LDO', 'PEPE', 'SHIB', 'CBETH', 'RETH', 'USDE', 'PYUSD', 'MNT', 'EURC', 'FRAX'].map((symbol) => [symbol, web3Token(symbol)])),
  ARB: web3Network('arbitrum-one'),
};

/** The social logins' marks: simple-icons' paths, except Google's four-colour "G" (simple-icons has only one colour). */
const SOCIAL_ICONS = { github: 'siGithub', apple: 'siApple', facebook: 'siFacebook', x: 'siX', discord: 'siDiscord', farcaster: 'siFarcaster' } as const;
/** Brands whose guidelines ask for their colour; the others are black or white, so they follow the text colour. */
const BRAND_COLOURED = new Set(['facebook', 'discord', 'farcaster']);
/**
 * The stores a registry entry links to (GetWallet's rows), each with its simple-icons mark and whether it keeps the
 * brand's colour (the Chrome Web Store's and the App Store's blue; Google Play's near-black mark follows the theme).
 */
const STORE_ICONS = { chrome: ['siChromewebstore', true], ios: ['siAppstore', true], android: ['siGoogleplay', false] } as const;

// ---------------------------------------------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'portico-artwork-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const unpacked = new Map<PackageKey, string>();

/** The package's files (its tarball unpacked), after checking the tarball's hash. */
function packageDir(key: PackageKey): string {
  const known = unpacked.get(key);
  if (known) return known;
  const { name, version, integrity } = PACKAGES[key];
  const [packed] = JSON.parse(execFileSync('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', work], { encoding: 'utf8', maxBuffer: 1 << 28 })) as { filename: string }[];
  const tarball = join(work, packed!.filename);
  const actual = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  if (actual !== integrity) throw new Error(`${name}@${version}: tarball is ${actual}, pinned ${integrity}`);
  const dir = join(work, key);
  mkdirSync(dir);
  execFileSync('tar', ['-xzf', tarball, '-C', dir]);
  unpacked.set(key, join(dir, 'package'));
  return join(dir, 'package');
}

/** A path inside a package; one `*` may stand for a bundler's hash in a file name. */
function packageFile(key: PackageKey, path: string): string {
  const root = packageDir(key);
  if (!path.includes('*')) return join(root, path);
  const slash = path.lastIndexOf('/');
  const [prefix, suffix] = path.slice(slash + 1).split('*') as [string, string];
  const matches = readdirSync(join(root, path.slice(0, slash))).filter((f) => f.startsWith(prefix) && f.endsWith(suffix));
  if (matches.length !== 1) throw new Error(`${key}: ${path} matches ${matches.length} files`);
  return join(root, path.slice(0, slash), matches[0]!);
}

interface Image {
  bytes: Buffer;
  ext: 'svg' | 'webp' | 'png';
}

const JS_STRING = /^(['"`])(?:[^\\]|\\.)*\1$/s;

/** Reads the picture in a file: an SVG file, a data: URI in a JS module, or an SVG string a JS module exports. */
function readImage(pick: Pick): Image {
  const text = readFileSync(packageFile(pick.from, pick.path), 'utf8');
  if (pick.path.endsWith('.svg')) return svgImage(text);
  const uri = /(["'])(data:image\/(?:svg\+xml|png|webp)[^"']*)\1/.exec(text)?.[2];
  if (uri) return fromDataUri(uri);
  // `export default '<svg…>'` (web3icons: `var name = '<svg…>'`): the literal is evaluated alone, in an empty context.
  const literal = /(?:=|export default)\s*((['"`])(?:\s|\\n)*<svg[\s\S]*?<\/svg>(?:\s|\\n)*\2)/.exec(text)?.[1];
  if (!literal || !JS_STRING.test(literal) || literal.includes('${')) throw new Error(`${pick.from}: no picture in ${pick.path}`);
  return svgImage(runInNewContext(literal, {}, { timeout: 100 }) as string);
}

function fromDataUri(uri: string): Image {
  const comma = uri.indexOf(',');
  const head = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  const bytes = head.endsWith(';base64') ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  const type = head.replace(/;.*/, '');
  if (type === 'image/svg+xml') return svgImage(bytes.toString('utf8'));
  if (type === 'image/webp' && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { bytes, ext: 'webp' };
  if (type === 'image/png' && bytes.subarray(1, 4).toString('latin1') === 'PNG') return { bytes, ext: 'png' };
  throw new Error(`not a ${type}: ${uri.slice(0, 40)}…`);
}

/**
 * An SVG the API may serve: no script, no event handler, no reference outside the file (served with a CSP that
 * forbids them anyway); comments, editor metadata and whitespace between tags removed.
 */
function svgImage(source: string): Image {
  let svg = source
    .replace(/<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/g, '')
    .replace(/\s(?:class="web3icons"|data-name="[^"]*")/g, '')
    .replace(/>\s+</g, '><')
    .trim();
  const count = (pattern: RegExp) => svg.match(pattern)?.length ?? 0;
  if (!svg.startsWith('<svg') || !svg.endsWith('</svg>') || count(/<svg[\s>]/g) !== count(/<\/svg>/g)) throw new Error(`not an SVG: ${svg.slice(0, 60)}…`);
  // Served as a file of its own, an SVG needs its namespace (markup inlined in a page did not).
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg)) svg = svg.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  if (/<script|<foreignObject|\son\w+\s*=|javascript:/i.test(svg)) throw new Error(`SVG with script: ${svg.slice(0, 60)}…`);
  for (const [, ref] of svg.matchAll(/(?:href|url\()\s*=?\s*["']?([^"')\s>]*)/gi)) {
    if (ref && !ref.startsWith('#') && !ref.startsWith('data:image/')) throw new Error(`SVG refers to ${ref}`);
  }
  return { bytes: Buffer.from(svg, 'utf8'), ext: 'svg' };
}

/** A transparent mark centred on a square plate (80 % of its side), so it stands out in light and dark themes. */
function onPlate(image: Image, plate: string): Image {
  const inner =
    image.ext === 'svg'
      ? image.bytes
          .toString('utf8')
          .replace(/^<svg[^>]*>/, (tag) => {
            // Its own size gives way to the plate's; without a viewBox, that size was its coordinate system.
            const size = (name: string) => new RegExp(`\\s${name}="([\\d.]+)(?:px)?"`).exec(tag)?.[1];
            const viewBox = tag.includes('viewBox=') || !size('width') || !size('height') ? '' : ` viewBox="0 0 ${size('width')} ${size('height')}"`;
            return tag.replace(/\s(?:x|y|width|height)="[^"]*"/g, '').replace(/^<svg/, `<svg${viewBox}`);
          })
          .replace(/^<svg/, '<svg x="10" y="10" width="80" height="80"')
      : `<image x="10" y="10" width="80" height="80" href="data:image/${image.ext};base64,${image.bytes.toString('base64')}"/>`;
  return svgImage(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${plate}"/>${inner}</svg>`);
}

const picture = (pick: Pick): Image => (pick.plate ? onPlate(readImage(pick), pick.plate) : readImage(pick));

// ---------------------------------------------------------------------------------------------------------------

interface ThirdwebWallet {
  name: string;
  rdns: string | null;
  homepage: string | null;
  image: string;
}

/** thirdweb's generated wallets (the explorer's listing): name, rdns, homepage and where the picture is. */
function thirdwebWallets(): ThirdwebWallet[] {
  const dir = join(packageDir('thirdweb'), 'dist/esm/wallets/__generated__/wallet');
  return readdirSync(dir).map((key) => {
    const info = readFileSync(join(dir, key, 'index.js'), 'utf8');
    const field = (name: string) => {
      const raw = new RegExp(`^ {4}${name}: ("(?:[^"\\\\]|\\\\.)*"),$`, 'm').exec(info)?.[1];
      return raw === undefined ? null : (JSON.parse(raw) as string);
    };
    const name = field('name');
    if (!name) throw new Error(`thirdweb: wallet ${key} has no name`);
    return { name, rdns: field('rdns'), homepage: field('homepage'), image: `dist/esm/wallets/__generated__/wallet/${key}/image.js` };
  });
}

/**
 * The registry's wallet in thirdweb's list: the registry took its name from there (seed/README.md), so by name;
 * a name listed twice there by rdns, then homepage. A registry rdns that disagrees is an error.
 */
function thirdwebWalletFor(wallet: SeedWallet, list: ThirdwebWallet[]): ThirdwebWallet | undefined {
  if (!wallet.sources.includes('thirdweb')) return undefined;
  let found = list.filter((t) => t.name.trim().toLowerCase() === wallet.name.toLowerCase());
  if (found.length > 1 && wallet.rdns) found = found.filter((t) => t.rdns?.toLowerCase() === wallet.rdns!.toLowerCase());
  if (found.length > 1 && wallet.homepage) found = found.filter((t) => t.homepage === wallet.homepage);
  if (found.length !== 1) throw new Error(`${wallet.name}: ${found.length} wallets of that name in thirdweb`);
  const [match] = found as [ThirdwebWallet];
  if (match.rdns && wallet.rdns && match.rdns.toLowerCase() !== wallet.rdns.toLowerCase()) throw new Error(`${wallet.name}: rdns ${wallet.rdns} in the registry, ${match.rdns} in thirdweb`);
  return match;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'wallet';

const index: ArtworkIndex = { sources: {}, wallets: {}, connectors: {}, networks: {}, tokens: {} };
const written = new Map<string, string>(); // file → hash of its bytes
const usedSources = new Set<PackageKey>();

/** Writes a picture once (identical picks share a file) and records its source. */
function write(folder: string, name: string, pick: Pick): { file: string; source: PackageKey } {
  const image = picture(pick);
  const file = `${folder}/${name}.${image.ext}`;
  const hash = createHash('sha256').update(image.bytes).digest('hex');
  const previous = written.get(file);
  if (previous !== undefined && previous !== hash) throw new Error(`${file}: two different pictures`);
  if (previous === undefined) {
    writeFileSync(join(ARTWORK_DIR, file), image.bytes);
    written.set(file, hash);
  }
  usedSources.add(pick.from);
  return { file, source: pick.from };
}

rmSync(ARTWORK_DIR, { recursive: true, force: true });
for (const folder of ['wallets', 'connectors', 'networks', 'tokens']) mkdirSync(join(ARTWORK_DIR, folder), { recursive: true });

const thirdweb = thirdwebWallets();
const seedWallets = await readSeedWallets();
const walletFiles = new Set<string>();
for (const wallet of seedWallets) {
  const fromThirdweb = thirdwebWalletFor(wallet, thirdweb);
  const pick: Pick | undefined = WALLET_PICKS[wallet.name] ?? (fromThirdweb && { from: 'thirdweb', path: fromThirdweb.image });
  if (!pick) continue;
  const name = slug(wallet.name);
  if (walletFiles.has(name)) throw new Error(`two wallets named ${name}`);
  walletFiles.add(name);
  index.wallets[walletIdOf(wallet)] = write('wallets', name, pick);
}
const unknownPicks = Object.keys(WALLET_PICKS).filter((name) => !seedWallets.some((wallet) => wallet.name === name));
if (unknownPicks.length > 0) throw new Error(`not in the registry: ${unknownPicks.join(', ')}`);

for (const [id, pick] of Object.entries(CONNECTORS)) index.connectors[id] = write('connectors', slug(id), pick);
for (const [id, pick] of Object.entries(NETWORKS)) index.networks[id] = write('networks', slug(pick.path.replace(/^.*\/|\.svg\.js$/g, '')), pick);
for (const [symbol, pick] of Object.entries(TOKENS)) index.tokens[symbol] = write('tokens', slug(pick.path.replace(/^.*\/|\.svg(\.js)?$/g, '')), pick);

// The social marks, as path data for the Connect view (simple-icons' ESM index: one export per icon).
const simpleIcons = (await import(join(packageDir('simpleIcons'), 'index.mjs'))) as Record<string, { path: string; hex: string; title: string }>;
usedSources.add('simpleIcons');
const googleSource = readFileSync(packageFile('thirdweb', 'dist/esm/react/native/ui/icons/svgs.js'), 'utf8');
const googleStart = googleSource.indexOf('#4285F4');
const googleBlock = googleSource.slice(googleSource.lastIndexOf('<svg', googleStart), googleSource.indexOf('</svg>', googleStart));
const googlePaths = [...googleBlock.matchAll(/<path\s+d="([^"]+)"\s+fill="(#[0-9A-F]{6})"/g)].map(([, d, fill]) => ({ d: d!, fill: fill! }));
if (googlePaths.length !== 4) throw new Error(`thirdweb: Google's mark has ${googlePaths.length} paths, expected 4`);
usedSources.add('thirdweb');
const marks: Record<string, { d: string; fill: string }[]> = { google: googlePaths };
for (const [social, icon] of Object.entries(SOCIAL_ICONS)) {
  const { path, hex } = simpleIcons[icon]!;
  marks[social] = [{ d: path, fill: BRAND_COLOURED.has(social) ? `#${hex}` : 'currentColor' }];
}
const version = (key: PackageKey) => `${PACKAGES[key].name}@${PACKAGES[key].version}`;
const markLines = Object.entries(marks).map(([social, paths]) => `  ${social}: [\n${paths.map(({ d, fill }) => `    { fill: '${fill}', d: '${d}' },`).join('\n')}\n  ],`);
writeFileSync(
  SOCIAL_MARKS_FILE,
  `// Generated by services/api/scripts/build-artwork.ts — do not edit. Paths from ${version('simpleIcons')} (CC0-1.0); Google's
// four-colour "G" from ${version('thirdweb')} (Apache-2.0). The marks are trademarks of their owners, used to name them.
import type { Social } from '@portico/shared-state';

/**
 * Each provider's mark on a 24 × 24 grid: its paths and their colours. Brand colours where the brand's guidelines
 * ask for them; \`currentColor\` for the marks that are black or white (GitHub, Apple, X), so they follow the theme.
 */
export const SOCIAL_MARKS: Record<Social, readonly { fill: string; d: string }[]> = {
${markLines.join('\n')}
};
`,
);

const storeLines = Object.entries(STORE_ICONS).map(([store, [icon, coloured]]) => {
  const { path, hex } = simpleIcons[icon]!;
  return `  ${store}: [{ fill: '${coloured ? `#${hex}` : 'currentColor'}', d: '${path}' }],`;
});
writeFileSync(
  STORE_MARKS_FILE,
  `// Generated by services/api/scripts/build-artwork.ts — do not edit. Paths from ${version('simpleIcons')} (CC0-1.0). The
// marks are trademarks of their owners, used to name the store a link opens. The website's globe is Portico's own drawing.
import type { StoreKind } from '@portico/shared-state/wallet-list';

/** One shape of a mark on a 24 × 24 grid: filled (a brand's path) or stroked (the globe's lines). */
export interface MarkPath {
  d: string;
  fill?: string;
  stroke?: string;
}

/**
 * The mark of each store a registry entry links to (\`storeLinksFor\`). Brand colours where the mark has one (the Chrome
 * Web Store's and the App Store's blue); \`currentColor\` for Google Play, whose single-colour mark is near black, and for
 * the website's globe, so both follow the theme.
 */
export const STORE_MARKS: Record<StoreKind, readonly MarkPath[]> = {
${storeLines.join('\n')}
  homepage: [
    { stroke: 'currentColor', d: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18z' },
    { stroke: 'currentColor', d: 'M12 3c-2.4 2.6-3.6 5.6-3.6 9s1.2 6.4 3.6 9c2.4-2.6 3.6-5.6 3.6-9S14.4 5.6 12 3z' },
    { stroke: 'currentColor', d: 'M3.6 9h16.8M3.6 15h16.8' },
  ],
};
`,
);

for (const key of Object.keys(PACKAGES) as PackageKey[]) {
  if (!usedSources.has(key)) continue;
  const { name, version: v, licence } = PACKAGES[key];
  index.sources[key] = { name, version: v, licence };
}
writeFileSync(join(ARTWORK_DIR, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);

const bytes = [...written.keys()].reduce((sum, file) => sum + readFileSync(join(ARTWORK_DIR, file)).length, 0);
console.log(
  `artwork: ${Object.keys(index.wallets).length}/${seedWallets.length} wallets, ${Object.keys(index.networks).length} networks, ` +
    `${Object.keys(index.tokens).length} tokens, ${written.size} files, ${Math.round(bytes / 1024)} KiB; social marks → ${SOCIAL_MARKS_FILE}, store marks → ${STORE_MARKS_FILE}`,
);
