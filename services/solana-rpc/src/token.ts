/**
 * SPL Token (not Token-2022) accounts read the way Solana's account-decoder shows them: `jsonParsed`
 * account data and the `uiTokenAmount` of balances. Decoding is @solana-program/token's.
 */
import { isSome, type Address, type EncodedAccount, type Option } from '@solana/kit';
import { getMintDecoder, getTokenDecoder, getTokenSize, getMintSize, TOKEN_PROGRAM_ADDRESS, AccountState, type Mint, type Token } from '@solana-program/token';

export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PBnBqCXEpPxuEb';

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

/** Base units → Solana's `uiTokenAmount` (uiAmountString trims trailing zeros, as the account-decoder does). */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const unit = 10n ** BigInt(decimals);
  const fraction = (amount % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  const uiAmountString = fraction ? `${amount / unit}.${fraction}` : `${amount / unit}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

type Account = Pick<EncodedAccount, 'programAddress' | 'data'>;

export function decodeTokenAccount(account: Account): Token | null {
  if (account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.length !== getTokenSize()) return null;
  const token = getTokenDecoder().decode(account.data);
  return token.state === AccountState.Uninitialized ? null : token;
}

export function decodeMint(account: Account): Mint | null {
  if (account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.length !== getMintSize()) return null;
  const mint = getMintDecoder().decode(account.data);
  return mint.isInitialized ? mint : null;
}

const optional = <T>(option: Option<T>) => (isSome(option) ? option.value : null);
const STATES = { [AccountState.Uninitialized]: 'uninitialized', [AccountState.Initialized]: 'initialized', [AccountState.Frozen]: 'frozen' } as const;

/** The `jsonParsed` data of a token account or a mint, or null when the account is neither. */
export function parseTokenData(account: Account, decimalsOf: (mint: Address) => number | null) {
  const mint = decodeMint(account);
  if (mint) {
    const info = {
      decimals: mint.decimals,
      freezeAuthority: optional(mint.freezeAuthority),
      isInitialized: true,
      mintAuthority: optional(mint.mintAuthority),
      supply: mint.supply.toString(),
    };
    return { program: 'spl-token', parsed: { info, type: 'mint' }, space: account.data.length };
  }
  const token = decodeTokenAccount(account);
  const decimals = token && decimalsOf(token.mint);
  if (!token || decimals === null) return null;
  const native = optional(token.isNative);
  const info = {
    isNative: native !== null,
    mint: token.mint,
    owner: token.owner,
    state: STATES[token.state],
    tokenAmount: uiTokenAmount(token.amount, decimals),
    ...(isSome(token.delegate) && { delegate: token.delegate.value, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) }),
    ...(native !== null && { rentExemptReserve: uiTokenAmount(native, decimals) }),
    ...(isSome(token.closeAuthority) && { closeAuthority: token.closeAuthority.value }),
  };
  return { program: 'spl-token', parsed: { info, type: 'account' }, space: account.data.length };
}
