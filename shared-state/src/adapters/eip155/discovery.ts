import * as z from 'zod/mini';

/** An EIP-1193 provider as far as Portico needs it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (...args: any[]) => void): unknown;
  removeListener?(event: string, listener: (...args: any[]) => void): unknown;
}

const providerSchema = z.custom<Eip1193Provider>(
  (value) => typeof (value as Eip1193Provider | null)?.request === 'function',
  'provider has no request() function',
);

/** EIP-6963 announce detail. The icon must be a data: image URI (never a remote URL or markup). */
const announceDetailSchema = z.object({
  info: z.object({
    uuid: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    icon: z.string(),
    rdns: z.string().check(z.minLength(1)),
  }),
  provider: providerSchema,
});
export type AnnouncedWallet = z.infer<typeof announceDetailSchema>;

const DATA_IMAGE_URI = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/;

/** Keeps only data: image URIs, the form EIP-6963 requires. */
export function safeWalletIcon(icon: string): string | undefined {
  return DATA_IMAGE_URI.test(icon) ? icon : undefined;
}

/**
 * EIP-6963 discovery: listens for announcements and asks wallets to announce themselves.
 * Malformed announcements are ignored. Returns a function that stops listening.
 */
export function watchAnnouncedWallets(
  target: EventTarget,
  onAnnounce: (wallet: AnnouncedWallet) => void,
): () => void {
  const onAnnounceEvent = (event: Event) => {
    const parsed = announceDetailSchema.safeParse((event as CustomEvent).detail);
    if (parsed.success) onAnnounce(parsed.data);
  };
  target.addEventListener('eip6963:announceProvider', onAnnounceEvent);
  target.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => target.removeEventListener('eip6963:announceProvider', onAnnounceEvent);
}

/** Spec section 3: connector names are normalised (Trust Wallet becomes Trust). */
export function normalizeConnectorName(name: string): string {
  return name === 'Trust Wallet' ? 'Trust' : name;
}
