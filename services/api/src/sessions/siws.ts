/**
 * Sign-In With Solana (the Wallet Standard's `solana:signIn` text, as `@solana/wallet-standard-util`
 * writes it; shared-state's `siwx/siws.ts` writes the same) and its bitcoin twin ("… with your Bitcoin
 * account", AppKit's wording; signatures in bip322.ts): parsing, and the ed25519 signature checked with
 * Node's crypto against the public key the address is.
 *
 *   ${domain} wants you to sign in with your Solana account:
 *   ${address}
 *
 *   ${statement}
 *
 *   URI: ${uri}
 *   Version: ${version}
 *   Chain ID: ${chainId}        (the CAIP-2 id, e.g. solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp)
 *   Nonce: ${nonce}
 *   Issued At: ${issuedAt}
 *   Expiration Time / Not Before / Request ID / Resources: optional
 */
import { createPublicKey, verify } from 'node:crypto';
import { getBase58Encoder } from '@solana/kit';
import { isSolanaAccount } from '../http/chain';

/** What the header calls the account: which namespace's text it is. */
export type SignInAccountName = 'Solana' | 'Bitcoin';

export interface SiwsFields {
  account: SignInAccountName;
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

const FIELDS = [
  ['URI', 'uri'],
  ['Version', 'version'],
  ['Chain ID', 'chainId'],
  ['Nonce', 'nonce'],
  ['Issued At', 'issuedAt'],
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
] as const satisfies readonly (readonly [string, keyof SiwsFields])[];

const HEADER = /^(?<domain>[^\n]+?) wants you to sign in with your (?<account>Solana|Bitcoin) account:\n(?<address>[^\n]+)(?<rest>[\s\S]*)$/;

/** Is the text a Solana or Bitcoin sign-in at all (its first line)? Decides which parser a sign-in gets. */
export const isSiwsText = (text: string) => HEADER.test(text);

export function formatSiws(fields: SiwsFields): string {
  let text = `${fields.domain} wants you to sign in with your ${fields.account} account:\n${fields.address}`;
  if (fields.statement) text += `\n\n${fields.statement}`;
  const lines: string[] = [];
  for (const [label, field] of FIELDS) if (fields[field] !== undefined) lines.push(`${label}: ${fields[field]}`);
  if (fields.resources?.length) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`));
  if (lines.length) text += `\n\n${lines.join('\n')}`;
  return text;
}

/**
 * The message's fields; a string naming what is wrong when it is not one (the route answers 400
 * `message: <that>`). Only a text that `formatSiws` writes back unchanged is accepted: no stray,
 * repeated or reordered line can change what the wallet showed.
 */
export function parseSiws(text: string): SiwsFields | string {
  const header = HEADER.exec(text)?.groups;
  if (!header) return 'not a Solana or Bitcoin sign-in message';
  const blocks = header.rest!.split('\n\n');
  if (blocks.shift() !== '') return `not a ${header.account} sign-in message (no blank line after the address)`;
  const statement = blocks.length > 1 || (blocks[0] !== undefined && !blocks[0].startsWith('URI: ')) ? blocks.shift() : undefined;
  if (blocks.length !== 1 || statement?.includes('\n')) return `not a ${header.account} sign-in message (unexpected lines)`;
  const fields: Partial<SiwsFields> = {};
  const lines = blocks[0]!.split('\n');
  let next = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === 'Resources:') {
      const resources = lines.slice(i + 1);
      if (!resources.length || !resources.every((resource) => resource.startsWith('- '))) return 'Resources must be a list of "- " lines';
      fields.resources = resources.map((resource) => resource.slice(2));
      break;
    }
    const at = FIELDS.findIndex(([label]) => line.startsWith(`${label}: `));
    if (at < next) return `unexpected line '${line.slice(0, 64)}'`;
    next = at + 1;
    const [label, field] = FIELDS[at]!;
    fields[field] = line.slice(label.length + 2);
  }
  for (const field of ['uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const) if (!fields[field]) return `not a ${header.account} sign-in message (no ${field})`;
  const parsed = { ...fields, account: header.account as SignInAccountName, domain: header.domain!, address: header.address! } as SiwsFields;
  if (statement !== undefined) parsed.statement = statement;
  return formatSiws(parsed) === text ? parsed : `not a ${header.account} sign-in message (not in the standard form)`;
}

/** An ed25519 public key in SPKI DER: this fixed prefix, then the raw 32 bytes (RFC 8410). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** A base58 text's bytes; undefined when it is not base58. */
function base58Bytes(text: string): Uint8Array | undefined {
  try {
    return new Uint8Array(getBase58Encoder().encode(text));
  } catch {
    return undefined;
  }
}

/** Did the Solana `address` (its ed25519 public key) sign the UTF-8 `text`? `signature`: base58 of 64 bytes. */
export function signedBySolanaAccount(address: string, text: string, signature: string): boolean {
  const publicKey = isSolanaAccount(address) ? base58Bytes(address) : undefined;
  const signatureBytes = base58Bytes(signature);
  if (publicKey?.length !== 32 || signatureBytes?.length !== 64) return false;
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    return verify(null, Buffer.from(text, 'utf8'), key, signatureBytes);
  } catch {
    // A program address is not a point on the curve: no key, so nothing it could have signed.
    return false;
  }
}
