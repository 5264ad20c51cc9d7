/**
 * The key export (issue 28) as the wallet (./wallet.ts, SHOW_EXPORT) hands it to its screen (./export-screen.ts): where
 * the fresh code was mailed, and the one call that turns the typed code into the key — this site's device-proven
 * `POST /wallet/export`, whose server has the API check the code (and use it up) before it opens the key. No DOM.
 */
import { z } from 'zod';

export const KEY_NOT_EXPORTED = 'The private key could not be shown';
/** One screen at a time in this frame: an approval on screen keeps it until the person decided (main.ts). */
export const EXPORT_AFTER_APPROVAL = 'Finish the request waiting for your approval first';
export const NO_EXPORT_SCREEN = 'This page cannot show the key export screen';

/** The API's answer to `POST /v1/auth/export/code`: the address the code went to. */
export const exportCodeReply = z.object({ email: z.string().min(3).max(254) });
/** This site's answer to `POST /wallet/export`. */
export const exportedKeyReply = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  privateKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
});
export type ExportedKey = z.output<typeof exportedKeyReply>;

/** One export, from its mailed code to the key on screen. */
export interface KeyExport {
  /** Where the fresh code was mailed. */
  readonly email: string;
  /** Aborted when the screen must go at once (the modal cancelled, a sign-out, a newer export): it drops the key. */
  readonly signal: AbortSignal;
  /** The key for the code the person typed; throws the refusal in the server's words (e.g. 'Invalid code'). */
  reveal(code: string): Promise<ExportedKey>;
}
