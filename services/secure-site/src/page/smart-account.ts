/**
 * The embedded key's smart account (issue 12): Portico's account (Solady's ERC-4337 account, services/bundler)
 * through viem's `toSoladySmartAccount`, owner = the key. Reads (its address, code, nonce, ERC-7739 domain) go
 * through the API's JSON-RPC proxy like every other read of the page; user operations go to the operator's
 * bundler (`bundlerUrl`, Alto on the devchain) with the bundler's own gas price (`bundlerFeesPerGas`).
 */
import { bundlerFeesPerGas, PORTICO_ACCOUNT_FACTORY, PORTICO_ENTRY_POINT, porticoAccountSalt } from '@portico/bundler/account';
import { BaseError, createPublicClient, defineChain, http, type Address, type Hex, type LocalAccount, type SignableMessage, type TypedDataDefinition } from 'viem';
import { createBundlerClient, toSoladySmartAccount, UserOperationReceiptNotFoundError } from 'viem/account-abstraction';

/** One call of a user operation (the account's `execute` / `executeBatch`). */
export interface SmartAccountCall {
  to: Address;
  value?: bigint;
  data?: Hex;
}

/** A user operation's outcome once bundled: the transaction that carried it. */
export interface UserOperationOutcome {
  success: boolean;
  transactionHash: Hex;
  blockHash: Hex;
  blockNumber: bigint;
  /** The user operation's own gas (not the whole bundle's). */
  gasUsed: bigint;
  /** The user operation's own logs (not the other operations' of the bundle). */
  logs: readonly { address: Address; data: Hex; topics: readonly Hex[] }[];
  /** The EntryPoint's revert reason when `success` is false, if the bundler gave one. */
  reason?: string;
}

/** What the wallet needs of a smart account on one chain. */
export interface SmartAccount {
  address: Address;
  /** Whether the account has code on the chain (it is deployed by its first user operation). */
  isDeployed(): Promise<boolean>;
  /** ERC-1271 (ERC-7739) signature; ERC-6492-wrapped while the account is not deployed. */
  signMessage(message: SignableMessage): Promise<Hex>;
  signTypedData(data: TypedDataDefinition): Promise<Hex>;
  /** Sends one user operation with these calls: its hash. A refusal throws the bundler's message. */
  sendUserOperation(calls: readonly SmartAccountCall[]): Promise<Hex>;
  /** The bundled outcome, or null while the bundler has not included the operation. */
  userOperationOutcome(hash: Hex): Promise<UserOperationOutcome | null>;
}

export type OpenSmartAccount = (owner: LocalAccount, chain: { id: number; rpcUrl: string }) => Promise<SmartAccount>;

/** Characters of a bundler's or node's message passed on. */
const MAX_MESSAGE_CHARS = 500;

/** viem's error in plain words: the bundler's (or node's) own message where there is one, at most 500 characters. */
export function bundlerErrorMessage(error: unknown): string {
  const text = error instanceof BaseError ? error.details || error.shortMessage : error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_MESSAGE_CHARS);
}

/** Portico's smart account of `owner` with a bundler client at `bundlerUrl`; `fetch` is the page's. */
export function porticoSmartAccounts(options: { bundlerUrl: string; fetch: typeof fetch; timeoutMs: number }): OpenSmartAccount {
  return async (owner, { id, rpcUrl }) => {
    const chain = defineChain({
      id,
      name: `eip155:${id}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    const client = createPublicClient({ chain, transport: http(rpcUrl, { fetchFn: options.fetch, timeout: options.timeoutMs }) });
    // viem reads the address from the factory (through the API's RPC proxy) as it makes the account: this fails
    // where the chain has no Portico account factory.
    const account = await toSoladySmartAccount({
      client,
      owner,
      factoryAddress: PORTICO_ACCOUNT_FACTORY,
      // The owner-bound salt: viem's default (0x0) is refused by the factory (services/bundler README).
      salt: porticoAccountSalt(owner.address),
      entryPoint: PORTICO_ENTRY_POINT,
    }).catch((error: unknown) => {
      throw new Error(`The smart account's address could not be read on eip155:${id}: ${bundlerErrorMessage(error)}`);
    });
    const bundler = createBundlerClient({
      account,
      client,
      transport: http(options.bundlerUrl, { fetchFn: options.fetch, timeout: options.timeoutMs }),
      // Alto refuses user operations priced below its own gas price.
      userOperation: { estimateFeesPerGas: ({ bundlerClient }) => bundlerFeesPerGas(bundlerClient) },
    });
    return {
      address: account.address,
      isDeployed: () => account.isDeployed(),
      signMessage: (message) => account.signMessage({ message }),
      signTypedData: (data) => account.signTypedData(data as Parameters<typeof account.signTypedData>[0]),
      async sendUserOperation(calls) {
        try {
          return await bundler.sendUserOperation({ calls: calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })) });
        } catch (error) {
          throw new Error(`The bundler refused the user operation: ${bundlerErrorMessage(error)}`);
        }
      },
      async userOperationOutcome(hash) {
        try {
          const receipt = await bundler.getUserOperationReceipt({ hash });
          return {
            success: receipt.success,
            transactionHash: receipt.receipt.transactionHash,
            blockHash: receipt.receipt.blockHash,
            blockNumber: receipt.receipt.blockNumber,
            gasUsed: receipt.actualGasUsed,
            logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
            ...(receipt.reason && { reason: receipt.reason }),
          };
        } catch (error) {
          if (error instanceof UserOperationReceiptNotFoundError) return null;
          throw new Error(`The bundler could not report the user operation: ${bundlerErrorMessage(error)}`);
        }
      },
    };
  };
}
