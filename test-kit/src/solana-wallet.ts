import {
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
} from '@solana/kit';
import type { IdentifierArray, Wallet, WalletAccount } from '@wallet-standard/base';
import { StandardTestWallet } from './standard-wallet';

/** The local validator's chain, as Wallet Standard wallets name it. */
export const SOLANA_LOCALNET_CHAIN = 'solana:localnet';

type SignInput = { account: WalletAccount; transaction: Uint8Array; chain?: string };

const SIGNING_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const;

export interface SolanaTestWalletOptions {
  name?: string;
  icon?: string;
  /** Wallet Standard chains it serves (default solana:localnet and solana:devnet). */
  chains?: string[];
  /** Where signAndSendTransaction sends (sendTransaction, base64); without it the wallet has no signAndSendTransaction. */
  rpcUrl?: string;
  /** 64-byte secret keys (ed25519 seed + public key) of its accounts; default one fresh key pair. */
  secretKeys?: Uint8Array[];
}

/**
 * A Wallet Standard Solana wallet with real ed25519 keys (@solana/kit key pair signers): standard:connect
 * (silent too), standard:disconnect, standard:events, solana:signMessage, solana:signTransaction and, with an
 * `rpcUrl`, solana:signAndSendTransaction. A test drives it: `declining`, `setAccounts`, `setChains`; `calls`
 * records every feature used.
 * @example
 * const wallet = await SolanaTestWallet.create({ rpcUrl: rpc.url });
 * const unregister = registerSolanaWallet(window, wallet);
 * wallet.declining = true; // the next prompt is declined (4001)
 */
export class SolanaTestWallet extends StandardTestWallet {
  /** Signatures (base58) it sent through its RPC. */
  sent: string[] = [];
  signers: KeyPairSigner[];

  static async create(options: SolanaTestWalletOptions = {}): Promise<SolanaTestWallet> {
    const signers = options.secretKeys
      ? await Promise.all(options.secretKeys.map((key) => createKeyPairSignerFromBytes(key)))
      : [await generateKeyPairSigner()];
    return new SolanaTestWallet(signers, options);
  }

  private constructor(signers: KeyPairSigner[], private readonly options: SolanaTestWalletOptions) {
    super({ name: options.name ?? 'Solana Test Wallet', icon: options.icon, chains: options.chains ?? [SOLANA_LOCALNET_CHAIN, 'solana:devnet'] });
    this.signers = signers;
  }

  protected chainFeatures(): Wallet['features'] {
    const signAndSend = this.options.rpcUrl
      ? { 'solana:signAndSendTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signAndSendTransaction: this.signAndSendTransaction } }
      : {};
    return {
      'solana:signMessage': { version: '1.1.0', signMessage: this.signMessage },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction: this.signTransaction },
      ...signAndSend,
    };
  }

  /** The first account's address (base58). */
  get address(): string {
    return this.signers[0]!.address;
  }

  get accounts(): readonly WalletAccount[] {
    if (!this.authorized) return [];
    return this.signers.map((signer) => ({
      address: signer.address,
      publicKey: new Uint8Array(getAddressEncoder().encode(signer.address)),
      chains: this.chains,
      features: [...SIGNING_FEATURES],
    }));
  }

  /** The person picks other accounts in the wallet (emits change { accounts }). */
  setAccounts(signers: KeyPairSigner[]) {
    this.signers = signers;
    this.emit({ accounts: this.accounts });
  }

  /** The wallet moves to other clusters (emits change { chains, accounts }). */
  setChains(chains: string[]) {
    this.chains = chains as IdentifierArray;
    this.emit({ chains: this.chains, accounts: this.accounts });
  }

  private signerFor(account: WalletAccount): KeyPairSigner {
    const signer = this.authorized ? this.signers.find((candidate) => candidate.address === account.address) : undefined;
    if (!signer) throw new Error(`Unknown account ${account.address}`);
    return signer;
  }

  private checkChain(chain: string | undefined) {
    if (chain && !this.chains.includes(chain as IdentifierArray[number])) throw new Error(`Unsupported chain ${chain}`);
  }

  private readonly signMessage = async (...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) => {
    this.prompt('solana:signMessage', inputs);
    return Promise.all(
      inputs.map(async ({ account, message }) => ({
        signedMessage: message,
        signature: new Uint8Array(await signBytes(this.signerFor(account).keyPair.privateKey, message)),
        signatureType: 'ed25519' as const,
      })),
    );
  };

  private async sign({ account, transaction, chain }: SignInput): Promise<Uint8Array> {
    this.checkChain(chain);
    const decoded = getTransactionDecoder().decode(transaction);
    const signed = await partiallySignTransaction([this.signerFor(account).keyPair], decoded);
    return new Uint8Array(getTransactionEncoder().encode(signed));
  }

  private readonly signTransaction = async (...inputs: SignInput[]) => {
    this.prompt('solana:signTransaction', inputs);
    return Promise.all(inputs.map(async (input) => ({ signedTransaction: await this.sign(input) })));
  };

  private readonly signAndSendTransaction = async (...inputs: Array<SignInput & { chain: string }>) => {
    this.prompt('solana:signAndSendTransaction', inputs);
    const rpc = createSolanaRpc(this.options.rpcUrl!);
    return Promise.all(
      inputs.map(async (input) => {
        const signed = getTransactionDecoder().decode(await this.sign(input));
        const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
        this.sent.push(signature);
        return { signature: new Uint8Array(getBase58Encoder().encode(signature)) };
      }),
    );
  };
}

/**
 * Registers a wallet the way a browser extension does (the Wallet Standard handshake on `target`, the page's
 * window): it dispatches `wallet-standard:register-wallet` and answers the app's later `wallet-standard:app-ready`.
 * Returns a function that unregisters it.
 * @example const unregister = registerSolanaWallet(window, wallet);
 */
export function registerSolanaWallet(target: EventTarget, wallet: Wallet): () => void {
  const unregisters: Array<() => void> = [];
  const callback = ({ register }: { register(wallet: Wallet): () => void }) => void unregisters.push(register(wallet));
  const onAppReady = (event: Event) => callback((event as CustomEvent).detail);
  target.addEventListener('wallet-standard:app-ready', onAppReady);
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady);
    for (const unregister of unregisters.splice(0)) unregister();
  };
}
