/**
 * The local chain's fixed accounts, for tests, the demo and its test wallet. Browser-safe: constants only
 * (`@portico/solana-rpc/accounts`). PUBLIC DEVELOPMENT KEYS: never fund them anywhere else.
 *
 * Each key is ed25519 from a 32-byte seed = sha256(label); `secretKeyBase58` is the 64-byte secret
 * (seed ‖ public key) that Phantom imports and @solana/kit's `createKeyPairSignerFromBytes` reads
 * (after `getBase58Encoder().encode`). test/accounts.test.ts derives every value again from its label.
 */

// The chain's id and its token are also read by scripts/services.mjs (plain JS, no TS import): one JSON for both.
import localChain from './local-chain.json' with { type: 'json' };

export const SOLANA_RPC_DEFAULT_PORT = 8899;

/** sha256('portico local solana genesis'), base58: what getGenesisHash answers. */
export const SOLANA_LOCAL_GENESIS_HASH: string = localChain.genesisHash;
/** CAIP-2: `solana:` and the genesis hash's first 32 characters. */
export const SOLANA_LOCAL_CAIP2: string = localChain.caipNetworkId;

/** The SPL token minted at start (Token program, not Token-2022). Mint authority: SOLANA_DEV_ACCOUNTS[0]. */
export const PUSD_MINT: {
  /** Public key of the ed25519 seed sha256('portico solana PUSD mint'). */
  readonly address: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
} = localChain.pusdMint;

/** What every dev account holds at start. */
export const DEV_ACCOUNT_LAMPORTS = 100n * 1_000_000_000n; // 100 SOL
export const DEV_ACCOUNT_PUSD = 10_000n * 1_000_000n; // 10 000 PUSD, in base units

export interface SolanaDevAccount {
  /** The seed's label: sha256(label) is the ed25519 seed. */
  label: string;
  address: string;
  /** 64 bytes (seed ‖ public key), base58. */
  secretKeyBase58: string;
  /** The account's PUSD associated token account (created and funded at start). */
  pusdTokenAccount: string;
}

export const SOLANA_DEV_ACCOUNTS: readonly SolanaDevAccount[] = [
  {
    label: 'portico solana dev account 0',
    address: 'D62QUpkmu8kf9UUrem5BZv9o7aSXNoEtoahpnKfj9VNk',
    secretKeyBase58: '2pD9oFo1Am5AuRKViZHy1gfHi2DvtUcMFn9z7JCjdQajEA8hwSWWrcFpY6qPVjbeLjA5ey7HRNXKyBnp2ycVecMa',
    pusdTokenAccount: 'HzWmAdnGQfJy99xxrVFLRPgrNHxhQkrKnF6tPZvjahNq',
  },
  {
    label: 'portico solana dev account 1',
    address: 'EquMMaR3QdWdmzRQfWXAvd53FP52K4XBQMWuqExuQPWv',
    secretKeyBase58: 'A6mYLN6jRorE3Tg6qWJm7R6ApY7cjfTG3TFuEFVyyqbMMQDBQNgHHJD86bPchskM5xASfujBCDXLH8TQw13FcTx',
    pusdTokenAccount: '8ozx2rUfgo3gboCVUq6NmSY9WV2MWrmb7UPyPqmFf1ZJ',
  },
  {
    label: 'portico solana dev account 2',
    address: 'Hrhf2PpozV5n9Ng69bqCKtF8qh6L3aCmBmVRgxwamcYq',
    secretKeyBase58: 'b2pL1JiCxPV2ZPedi3JLi9iu37xQ8UoHNS7JTwgtEH2a1iCNXx3Y5u5Ju5oEKUmpnxqv74B9wNBkLuUk58cQzZf',
    pusdTokenAccount: '3Bns1etWzPfnQTRhu9SpZ4Fyc5Kr5ToATd32vwBTKxmg',
  },
  {
    label: 'portico solana dev account 3',
    address: '3S8tm1jXTgonxPTKbHZ7n1ins7UYFZb5nutjAAzhopxt',
    secretKeyBase58: '52NG2vNUY5BgL4atqYiWsK4yMMdC2MVkBcmiMkRPsPova2tsVd6HuktPBcgphKRumeJj4DrCnJVv47YVZpBqDpNQ',
    pusdTokenAccount: 'Byxy7uNqULjGBobsPr7JSJtub55epeQYmCUFvZZJP1QU',
  },
];
