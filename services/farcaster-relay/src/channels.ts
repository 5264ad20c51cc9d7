/**
 * The relay's channels, in memory: one per sign-in, keyed by its channel token, gone after its
 * lifetime or once the app read it completed (as the real relay closes it). A full store refuses new
 * channels rather than evicting someone's sign-in.
 */
import { randomBytes } from 'node:crypto';

/** What the app asked to be signed (the SIWF message's fields), kept as the relay received them. */
export interface SignatureParams {
  siweUri: string;
  domain: string;
  nonce: string;
  notBefore?: string;
  expirationTime?: string;
  requestId?: string;
  redirectUrl?: string;
}

/** The channel as the real relay stores it (its status reply is this without `url` and `connectUri`). */
export interface Channel {
  state: 'pending' | 'completed';
  nonce: string;
  url: string;
  connectUri: string;
  signatureParams: SignatureParams;
  metadata: { ip: string; userAgent: string };
  acceptAuthAddress: boolean;
  message?: string;
  signature?: string;
  authMethod?: 'custody' | 'authAddress';
  fid?: number;
  username?: string;
  bio?: string;
  displayName?: string;
  pfpUrl?: string;
  custody?: string;
  verifications?: string[];
}

/** 24 random bytes, base64url (32 characters): the bearer secret of one sign-in. */
export const newChannelToken = () => randomBytes(24).toString('base64url');

export class ChannelStore {
  readonly #channels = new Map<string, { channel: Channel; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxChannels: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new channel, or `undefined` when `maxChannels` live ones exist. */
  open(build: (channelToken: string) => Channel): { channelToken: string; channel: Channel } | undefined {
    this.#sweep();
    if (this.#channels.size >= this.maxChannels) return undefined;
    const channelToken = newChannelToken();
    const channel = build(channelToken);
    this.#channels.set(channelToken, { channel, expiresAt: this.now() + this.ttlMs });
    return { channelToken, channel };
  }

  read(channelToken: string): Channel | undefined {
    const entry = this.#channels.get(channelToken);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#channels.delete(channelToken);
      return undefined;
    }
    return entry.channel;
  }

  /** Replaces a live channel's state, keeping its expiry (Redis KEEPTTL in the real relay). */
  update(channelToken: string, channel: Channel): boolean {
    const entry = this.#channels.get(channelToken);
    if (!entry || entry.expiresAt <= this.now()) return false;
    entry.channel = channel;
    return true;
  }

  close(channelToken: string): void {
    this.#channels.delete(channelToken);
  }

  get size(): number {
    this.#sweep();
    return this.#channels.size;
  }

  #sweep() {
    const now = this.now();
    for (const [token, entry] of this.#channels) if (entry.expiresAt <= now) this.#channels.delete(token);
  }
}
