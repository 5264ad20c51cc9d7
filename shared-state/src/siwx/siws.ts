/**
 * Sign-in texts for the namespaces without EIP-4361: Sign-In With Solana (the Wallet Standard's
 * `solana:signIn` message, its ABNF as `@solana/wallet-standard-util` writes it). The Chain ID line
 * carries the CAIP-2 id, as AppKit writes it, so the text alone names the configured network. Bitcoin
 * accounts sign the same shape ("… with your Bitcoin account", AppKit's informal message) with BIP-322.
 */
import type { CaipNetworkId } from '../caip';
import type { SIWXMessage } from './types';

/** What the header calls the account, per namespace ("… sign in with your Solana account:"). */
export const SIGN_IN_ACCOUNT_NAMES = { solana: 'Solana', bip122: 'Bitcoin' } as const;
export type SignInTextNamespace = keyof typeof SIGN_IN_ACCOUNT_NAMES;

/** `solana:signIn`'s input (Wallet Standard `SolanaSignInInput`): every field a string, all optional. */
export interface SolanaSignInInput {
  domain?: string;
  address?: string;
  statement?: string;
  uri?: string;
  version?: string;
  chainId?: string;
  nonce?: string;
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: readonly string[];
}

/** The labelled lines after the statement, in the ABNF's order, each with the data field it carries. */
const FIELDS = [
  ['URI', 'uri'],
  ['Version', 'version'],
  ['Chain ID', 'chainId'],
  ['Nonce', 'nonce'],
  ['Issued At', 'issuedAt'],
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
] as const satisfies readonly (readonly [string, keyof SIWXMessage.Data])[];

/** The namespace of a CAIP-2 id when it has a text of this shape, else undefined (eip155 uses EIP-4361). */
export function signInTextNamespace(chainId: string): SignInTextNamespace | undefined {
  const namespace = chainId.slice(0, chainId.indexOf(':'));
  return namespace in SIGN_IN_ACCOUNT_NAMES ? (namespace as SignInTextNamespace) : undefined;
}

/** The `solana:signIn` input for the data: the same fields, under the standard's names. */
export function solanaSignInInput(data: SIWXMessage.Data): SolanaSignInInput {
  const input: SolanaSignInInput = { domain: data.domain, address: data.accountAddress };
  if (data.statement) input.statement = data.statement;
  for (const [, field] of FIELDS) if (data[field] !== undefined) Object.assign(input, { [field]: data[field] });
  if (data.resources?.length) input.resources = data.resources;
  return input;
}

/**
 * The text the wallet signs (`createSignInMessageText` of the Wallet Standard):
 * `${domain} wants you to sign in with your Solana account:\n${address}\n\n${statement}\n\nURI: …`.
 */
export function formatSignInText(data: SIWXMessage.Data, namespace: SignInTextNamespace): string {
  let text = `${data.domain} wants you to sign in with your ${SIGN_IN_ACCOUNT_NAMES[namespace]} account:\n${data.accountAddress}`;
  if (data.statement) text += `\n\n${data.statement}`;
  const lines: string[] = [];
  for (const [label, field] of FIELDS) if (data[field] !== undefined) lines.push(`${label}: ${data[field]}`);
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((resource) => `- ${resource}`));
  if (lines.length) text += `\n\n${lines.join('\n')}`;
  return text;
}

const HEADER = /^(?<domain>[^\n]+?) wants you to sign in with your (?<account>Solana|Bitcoin) account:\n(?<address>[^\n]+)(?<rest>[\s\S]*)$/;

/**
 * A text of this shape back to its data; undefined when it is not one: no header, an unknown or
 * repeated line, a field out of order, or one of domain, address, uri, version, chain id or nonce
 * missing. Only a text that `formatSignInText` writes back unchanged parses.
 */
export function parseSignInText(text: string): { data: SIWXMessage.Data; namespace: SignInTextNamespace } | undefined {
  const header = HEADER.exec(text)?.groups;
  if (!header) return undefined;
  const namespace = (Object.keys(SIGN_IN_ACCOUNT_NAMES) as SignInTextNamespace[]).find((key) => SIGN_IN_ACCOUNT_NAMES[key] === header.account)!;
  const blocks = header.rest!.split('\n\n');
  if (blocks.shift() !== '') return undefined;
  // Fields start with 'URI: ' here; anything before them is the statement (one line, as EIP-4361's).
  const statement = blocks.length > 1 || (blocks[0] !== undefined && !blocks[0].startsWith('URI: ')) ? blocks.shift() : undefined;
  if (blocks.length > 1 || statement?.includes('\n')) return undefined;
  const fields: Partial<SIWXMessage.Data> = {};
  const lines = blocks[0]?.split('\n') ?? [];
  let next = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === 'Resources:') {
      const resources = lines.slice(i + 1);
      if (!resources.length || !resources.every((resource) => resource.startsWith('- '))) return undefined;
      fields.resources = resources.map((resource) => resource.slice(2));
      break;
    }
    const at = FIELDS.findIndex(([label]) => line.startsWith(`${label}: `));
    if (at < next) return undefined;
    next = at + 1;
    const [label, field] = FIELDS[at]!;
    Object.assign(fields, { [field]: line.slice(label.length + 2) });
  }
  const { uri, version, chainId, nonce } = fields;
  if (!uri || !version || !chainId || !nonce || signInTextNamespace(chainId) !== namespace) return undefined;
  const data: SIWXMessage.Data = { ...fields, domain: header.domain!, accountAddress: header.address!, uri, version, chainId: chainId as CaipNetworkId, nonce };
  if (statement !== undefined) data.statement = statement;
  return formatSignInText(data, namespace) === text ? { data, namespace } : undefined;
}
