/** Account methods: balances, account data, SPL token accounts, balances and supply. */
import type { Address, EncodedAccount } from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { z } from 'zod';
import type { Chain } from './chain';
import { accountConfig, address, contextConfig, encodeAccount, withContext } from './params';
import { invalidParams, method, type RpcMethod } from './rpc';
import { decodeMint, decodeTokenAccount, TOKEN_2022_PROGRAM, uiTokenAmount } from './token';

/** Solana's limit on getMultipleAccounts. */
export const MAX_MULTIPLE_ACCOUNTS = 100;

const tokenFilter = z.union([z.object({ mint: address }), z.object({ programId: address })], { error: 'the filter is { mint } or { programId }' });

export function accountMethods(chain: Chain): Record<string, RpcMethod> {
  const encode = (account: EncodedAccount | null, config: z.output<typeof accountConfig>) => account && encodeAccount(chain, account, config);

  const tokenAccountsOf = (owner: Address, filter: z.output<typeof tokenFilter>) => {
    if ('programId' in filter) {
      // Token-2022 accounts are not parsed here: none is created at start.
      if (filter.programId === TOKEN_2022_PROGRAM) return [];
      if (filter.programId !== TOKEN_PROGRAM_ADDRESS) throw invalidParams('unrecognized Token program id');
    } else if (!decodeMint(chain.getAccount(filter.mint) ?? { programAddress: '' as Address, data: new Uint8Array() })) {
      throw invalidParams('could not find mint');
    }
    return chain.programAccounts(TOKEN_PROGRAM_ADDRESS).filter((account) => {
      const token = decodeTokenAccount(account);
      return token !== null && token.owner === owner && (!('mint' in filter) || token.mint === filter.mint);
    });
  };

  return {
    getBalance: method(z.tuple([address, contextConfig]), ([at, config]) => withContext(chain, BigInt(chain.getAccount(at)?.lamports ?? 0n), config)),
    getAccountInfo: method(z.tuple([address, accountConfig]), ([at, config]) => withContext(chain, encode(chain.getAccount(at), config), config)),
    getMultipleAccounts: method(
      z.tuple([z.array(address).max(MAX_MULTIPLE_ACCOUNTS, `Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`), accountConfig]),
      ([addresses, config]) => withContext(chain, addresses.map((at) => encode(chain.getAccount(at), config)), config),
    ),
    getTokenAccountsByOwner: method(z.tuple([address, tokenFilter, accountConfig]), ([owner, filter, config]) =>
      withContext(
        chain,
        tokenAccountsOf(owner, filter).map((account) => ({ pubkey: account.address, account: encodeAccount(chain, account, config) })),
        config,
      ),
    ),
    getTokenAccountBalance: method(z.tuple([address, contextConfig]), ([at, config]) => {
      const account = chain.getAccount(at);
      const token = account && decodeTokenAccount(account);
      const decimals = token && chain.decimalsOf(token.mint);
      if (!token || decimals === null) throw invalidParams('not a Token account');
      return withContext(chain, uiTokenAmount(token.amount, decimals), config);
    }),
    getTokenSupply: method(z.tuple([address, contextConfig]), ([at, config]) => {
      const account = chain.getAccount(at);
      const mint = account && decodeMint(account);
      if (!mint) throw invalidParams('not a Token mint');
      return withContext(chain, uiTokenAmount(mint.supply, mint.decimals), config);
    }),
  };
}
