import { createHash } from 'node:crypto';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Id for a wallet that has no explorer id: sha256 hex of `portico:` + lower-case name. */
export function generatedWalletId(name: string): string {
  return sha256(`portico:${name.toLowerCase()}`);
}

/**
 * A wallet's image id, naming the exact bytes of its picture (so the image can be cached for good): the first
 * 128 bits of sha256(`portico-image:` + wallet id + `:` + sha256 of the bytes), written as a UUID (version 8,
 * "custom"). New artwork gives a wallet a new image id.
 */
export function walletImageId(walletId: string, bytes: Uint8Array): string {
  const h = sha256(`portico-image:${walletId}:${createHash('sha256').update(bytes).digest('hex')}`).split('');
  h[12] = '8'; // version 8
  h[16] = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16); // RFC 9562 variant
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

export { sha256 };
