/**
 * How the devchain puts contracts at fixed addresses on a local node: through the CREATE2 factory (Arachnid's
 * deterministic deployment proxy, which anvil pre-deploys), or, for contracts whose canonical address no
 * CREATE2 salt reaches, by placing their runtime code with anvil_setCode.
 */
import { concat, getContractAddress, type Account, type Address, type Chain, type Hex, type PublicClient, type Transport, type WalletClient } from 'viem';

/** The CREATE2 factory anvil pre-deploys (Arachnid's deterministic-deployment-proxy). */
export const CREATE2_FACTORY: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const CREATE2_FACTORY_CODE: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

type Client = PublicClient<Transport, Chain | undefined>;

async function hasCode(publicClient: Client, address: Address): Promise<boolean> {
  const code = await publicClient.getCode({ address });
  return code !== undefined && code !== '0x';
}

/** anvil_setCode (viem's test actions want a test client; this is the one call the devchain makes). */
async function setCode(publicClient: Client, address: Address, code: Hex): Promise<void> {
  await publicClient.request({ method: 'anvil_setCode' as 'eth_chainId', params: [address, code] as unknown as undefined });
}

/** Installs the CREATE2 factory with anvil_setCode on a node started without it (`--disable-default-create2-deployer`). */
async function ensureCreate2Factory(publicClient: Client): Promise<void> {
  if (!(await hasCode(publicClient, CREATE2_FACTORY))) await setCode(publicClient, CREATE2_FACTORY, CREATE2_FACTORY_CODE);
}

/** A contract created through the CREATE2 factory: its creation code (with constructor arguments) and salt fix its address. */
export interface Create2Contract {
  name: string;
  address: Address;
  salt: Hex;
  initCode: Hex;
}

/**
 * Creates each contract through the CREATE2 factory unless its address already has code. The computed
 * address is checked against `address` before anything is sent (a changed artifact fails loudly).
 *
 * Two deployers may race for the same contract (the API's devchain deploy and the bundler's start both place
 * EntryPoint v0.7): whoever loses sees the code there and carries on. The gas is estimated before the send,
 * so a lost race costs no nonce (viem's nonce manager would otherwise leave a gap).
 */
export async function deployThroughCreate2Factory(
  deps: { publicClient: Client; wallet: WalletClient<Transport, Chain | undefined, Account> },
  contracts: readonly Create2Contract[],
): Promise<void> {
  const { publicClient, wallet } = deps;
  await ensureCreate2Factory(publicClient);
  for (const contract of contracts) {
    const computed = getContractAddress({ opcode: 'CREATE2', from: CREATE2_FACTORY, salt: contract.salt, bytecode: contract.initCode });
    if (computed.toLowerCase() !== contract.address.toLowerCase()) {
      throw new Error(`devchain: ${contract.name}'s creation code and salt give ${computed}, not ${contract.address}`);
    }
  }
  // One send after the other (each takes the next nonce), then all receipts together.
  const attempts: { hash?: Hex; estimateError?: string }[] = [];
  for (const contract of contracts) {
    if (await hasCode(publicClient, contract.address)) {
      attempts.push({});
      continue;
    }
    const request = { account: wallet.account, to: CREATE2_FACTORY, data: concat([contract.salt, contract.initCode]) };
    // On the latest block, whose state the check below reads too: the estimate reverts when the address got its
    // code meanwhile (then fine). On a pending block it would also revert for a creation not yet mined.
    const estimate = await publicClient.estimateGas({ ...request, blockTag: 'latest' }).then(
      (gas) => ({ gas }),
      (error: Error) => ({ error: error.message.split('\n')[0] }),
    );
    attempts.push('gas' in estimate ? { hash: await wallet.sendTransaction({ ...request, chain: wallet.chain ?? null, gas: estimate.gas }) } : { estimateError: estimate.error });
  }
  await Promise.all(attempts.map(({ hash }) => hash && publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })));
  for (const [i, contract] of contracts.entries()) {
    if (await hasCode(publicClient, contract.address)) continue;
    const { hash, estimateError } = attempts[i]!;
    throw new Error(`devchain: ${contract.name} was not created at ${contract.address}${hash ? ` (transaction ${hash})` : ''}${estimateError ? `: ${estimateError}` : ''}`);
  }
}

/**
 * Places at `address` the runtime code that `creationCode` returns (an eth_call of it: immutables set by its
 * constructor are in it), with anvil_setCode, unless `address` has code. For canonical addresses that no
 * CREATE2 salt reaches (a registry deployed by a key of its own, a contract created by a presigned transaction).
 */
export async function placeRuntimeCode(publicClient: Client, name: string, address: Address, creationCode: Hex): Promise<void> {
  if (await hasCode(publicClient, address)) return;
  const { data: runtime } = await publicClient.call({ data: creationCode });
  if (!runtime || runtime === '0x') throw new Error(`devchain: ${name}'s creation code returned no runtime code`);
  await setCode(publicClient, address, runtime);
}
