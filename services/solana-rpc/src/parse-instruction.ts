/**
 * Instructions in `jsonParsed` form, as agave's transaction-status crate writes them: the System, SPL Token
 * (and Token-2022's base instructions), Associated Token Account and Memo programs as
 * `{ program, programId, parsed: { type, info }, stackHeight }`; any other program, or data that does not decode,
 * partially decoded as `{ programId, accounts, data (base58), stackHeight }`. The data layouts are
 * @solana-program/system's and @solana-program/token's decoders; the account and field names are agave's.
 */
import { getBase58Decoder, isSome } from '@solana/kit';
import {
  getAllocateInstructionDataDecoder, getAllocateWithSeedInstructionDataDecoder, getAssignInstructionDataDecoder,
  getAssignWithSeedInstructionDataDecoder, getAuthorizeNonceAccountInstructionDataDecoder, getCreateAccountAllowPrefundInstructionDataDecoder,
  getCreateAccountInstructionDataDecoder, getCreateAccountWithSeedInstructionDataDecoder, getInitializeNonceAccountInstructionDataDecoder,
  getTransferSolInstructionDataDecoder, getTransferSolWithSeedInstructionDataDecoder, getWithdrawNonceAccountInstructionDataDecoder,
  identifySystemInstruction, SYSTEM_PROGRAM_ADDRESS, SystemInstruction,
} from '@solana-program/system';
import {
  AuthorityType, getAmountToUiAmountInstructionDataDecoder, getApproveCheckedInstructionDataDecoder, getApproveInstructionDataDecoder,
  getBurnCheckedInstructionDataDecoder, getBurnInstructionDataDecoder, getInitializeAccount2InstructionDataDecoder,
  getInitializeAccount3InstructionDataDecoder, getInitializeMint2InstructionDataDecoder, getInitializeMintInstructionDataDecoder,
  getInitializeMultisig2InstructionDataDecoder, getInitializeMultisigInstructionDataDecoder, getMintToCheckedInstructionDataDecoder,
  getMintToInstructionDataDecoder, getSetAuthorityInstructionDataDecoder, getTransferCheckedInstructionDataDecoder,
  getTransferInstructionDataDecoder, getUiAmountToAmountInstructionDataDecoder, getUnwrapLamportsInstructionDataDecoder,
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS, identifyTokenInstruction, TOKEN_PROGRAM_ADDRESS, TokenInstruction,
} from '@solana-program/token';
import { TOKEN_2022_PROGRAM, uiTokenAmount } from './token';

const MEMO_PROGRAMS = ['Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo', 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'];

/** An instruction with its accounts resolved to addresses. */
export interface ResolvedInstruction {
  programId: string;
  accounts: readonly string[];
  data: Uint8Array;
  /** 1 for the message's own instructions, more for inner ones. */
  stackHeight: number | null;
}

type Info = Record<string, unknown>;
interface Parsed {
  type: string;
  info: Info;
}

/** `{ type, info }` once the instruction has at least `count` accounts (fewer: agave's InstructionKeyMismatch). */
function typed(type: string, accounts: readonly string[], count: number, info: Info): Parsed {
  if (accounts.length < count) throw new Error(`${type}: too few accounts`);
  return { type, info };
}

/** agave's parse_signers: one authority at `index`, or a multisig there followed by its signers. */
function withSigners(info: Info, accounts: readonly string[], index: number, single: string, multisig: string): Info {
  if (accounts.length > index + 1) return { ...info, [multisig]: accounts[index], signers: accounts.slice(index + 1) };
  return accounts[index] === undefined ? info : { ...info, [single]: accounts[index] };
}

function parseSystem(a: readonly string[], data: Uint8Array): Parsed {
  switch (identifySystemInstruction(data)) {
    case SystemInstruction.CreateAccount: {
      const d = getCreateAccountInstructionDataDecoder().decode(data);
      return typed('createAccount', a, 2, { source: a[0], newAccount: a[1], lamports: d.lamports, space: d.space, owner: d.programAddress });
    }
    case SystemInstruction.Assign:
      return typed('assign', a, 1, { account: a[0], owner: getAssignInstructionDataDecoder().decode(data).programAddress });
    case SystemInstruction.TransferSol:
      return typed('transfer', a, 2, { source: a[0], destination: a[1], lamports: getTransferSolInstructionDataDecoder().decode(data).amount });
    case SystemInstruction.CreateAccountWithSeed: {
      const d = getCreateAccountWithSeedInstructionDataDecoder().decode(data);
      return typed('createAccountWithSeed', a, 2, { source: a[0], newAccount: a[1], base: d.base, seed: d.seed, lamports: d.amount, space: d.space, owner: d.programAddress });
    }
    case SystemInstruction.AdvanceNonceAccount:
      return typed('advanceNonce', a, 3, { nonceAccount: a[0], recentBlockhashesSysvar: a[1], nonceAuthority: a[2] });
    case SystemInstruction.WithdrawNonceAccount: {
      const lamports = getWithdrawNonceAccountInstructionDataDecoder().decode(data).withdrawAmount;
      return typed('withdrawFromNonce', a, 5, { nonceAccount: a[0], destination: a[1], recentBlockhashesSysvar: a[2], rentSysvar: a[3], nonceAuthority: a[4], lamports });
    }
    case SystemInstruction.InitializeNonceAccount: {
      const nonceAuthority = getInitializeNonceAccountInstructionDataDecoder().decode(data).nonceAuthority;
      return typed('initializeNonce', a, 3, { nonceAccount: a[0], recentBlockhashesSysvar: a[1], rentSysvar: a[2], nonceAuthority });
    }
    case SystemInstruction.AuthorizeNonceAccount: {
      const newAuthorized = getAuthorizeNonceAccountInstructionDataDecoder().decode(data).newNonceAuthority;
      return typed('authorizeNonce', a, 2, { nonceAccount: a[0], nonceAuthority: a[1], newAuthorized });
    }
    case SystemInstruction.UpgradeNonceAccount:
      return typed('upgradeNonce', a, 1, { nonceAccount: a[0] });
    case SystemInstruction.Allocate:
      return typed('allocate', a, 1, { account: a[0], space: getAllocateInstructionDataDecoder().decode(data).space });
    case SystemInstruction.AllocateWithSeed: {
      const d = getAllocateWithSeedInstructionDataDecoder().decode(data);
      return typed('allocateWithSeed', a, 2, { account: a[0], base: d.base, seed: d.seed, space: d.space, owner: d.programAddress });
    }
    case SystemInstruction.AssignWithSeed: {
      const d = getAssignWithSeedInstructionDataDecoder().decode(data);
      return typed('assignWithSeed', a, 2, { account: a[0], base: d.base, seed: d.seed, owner: d.programAddress });
    }
    case SystemInstruction.TransferSolWithSeed: {
      const d = getTransferSolWithSeedInstructionDataDecoder().decode(data);
      return typed('transferWithSeed', a, 3, { source: a[0], sourceBase: a[1], destination: a[2], lamports: d.amount, sourceSeed: d.fromSeed, sourceOwner: d.fromOwner });
    }
    case SystemInstruction.CreateAccountAllowPrefund: {
      const d = getCreateAccountAllowPrefundInstructionDataDecoder().decode(data);
      return d.lamports === 0n
        ? typed('createAccountAllowPrefund', a, 1, { newAccount: a[0], space: d.space, owner: d.programAddress })
        : typed('createAccountAllowPrefund', a, 2, { newAccount: a[0], source: a[1], lamports: d.lamports, space: d.space, owner: d.programAddress });
    }
  }
}

const AUTHORITY_TYPES = {
  [AuthorityType.MintTokens]: ['mintTokens', 'mint'],
  [AuthorityType.FreezeAccount]: ['freezeAccount', 'mint'],
  [AuthorityType.AccountOwner]: ['accountOwner', 'account'],
  [AuthorityType.CloseAccount]: ['closeAccount', 'account'],
} as const;

/** Token-2022's extension types by their u16 value, named as agave's UiExtensionType. */
const EXTENSION_TYPES = [
  'uninitialized', 'transferFeeConfig', 'transferFeeAmount', 'mintCloseAuthority', 'confidentialTransferMint', 'confidentialTransferAccount',
  'defaultAccountState', 'immutableOwner', 'memoTransfer', 'nonTransferable', 'interestBearingConfig', 'cpiGuard', 'permanentDelegate',
  'nonTransferableAccount', 'transferHook', 'transferHookAccount', 'confidentialTransferFeeConfig', 'confidentialTransferFeeAmount',
  'metadataPointer', 'tokenMetadata', 'groupPointer', 'tokenGroup', 'groupMemberPointer', 'tokenGroupMember', 'confidentialMintBurn',
  'scaledUiAmount', 'pausable', 'pausableAccount', 'permissionedBurn',
];

/** SPL Token's instructions (Token-2022 shares them; its extension instructions fall back to partially decoded). */
function parseToken(a: readonly string[], data: Uint8Array): Parsed {
  const amountOf = (decode: () => { amount: bigint }) => decode().amount.toString();
  const checked = (decode: () => { amount: bigint; decimals: number }) => {
    const d = decode();
    return uiTokenAmount(d.amount, d.decimals);
  };
  switch (identifyTokenInstruction(data)) {
    case TokenInstruction.InitializeMint: {
      const d = getInitializeMintInstructionDataDecoder().decode(data);
      const freeze = isSome(d.freezeAuthority) ? { freezeAuthority: d.freezeAuthority.value } : {};
      return typed('initializeMint', a, 2, { mint: a[0], decimals: d.decimals, mintAuthority: d.mintAuthority, rentSysvar: a[1], ...freeze });
    }
    case TokenInstruction.InitializeMint2: {
      const d = getInitializeMint2InstructionDataDecoder().decode(data);
      const freeze = isSome(d.freezeAuthority) ? { freezeAuthority: d.freezeAuthority.value } : {};
      return typed('initializeMint2', a, 1, { mint: a[0], decimals: d.decimals, mintAuthority: d.mintAuthority, ...freeze });
    }
    case TokenInstruction.InitializeAccount:
      return typed('initializeAccount', a, 4, { account: a[0], mint: a[1], owner: a[2], rentSysvar: a[3] });
    case TokenInstruction.InitializeAccount2:
      return typed('initializeAccount2', a, 3, { account: a[0], mint: a[1], owner: getInitializeAccount2InstructionDataDecoder().decode(data).owner, rentSysvar: a[2] });
    case TokenInstruction.InitializeAccount3:
      return typed('initializeAccount3', a, 2, { account: a[0], mint: a[1], owner: getInitializeAccount3InstructionDataDecoder().decode(data).owner });
    case TokenInstruction.InitializeMultisig:
      return typed('initializeMultisig', a, 3, { multisig: a[0], rentSysvar: a[1], signers: a.slice(2), m: getInitializeMultisigInstructionDataDecoder().decode(data).m });
    case TokenInstruction.InitializeMultisig2:
      return typed('initializeMultisig2', a, 2, { multisig: a[0], signers: a.slice(1), m: getInitializeMultisig2InstructionDataDecoder().decode(data).m });
    case TokenInstruction.Transfer: {
      const info = { source: a[0], destination: a[1], amount: amountOf(() => getTransferInstructionDataDecoder().decode(data)) };
      return typed('transfer', a, 3, withSigners(info, a, 2, 'authority', 'multisigAuthority'));
    }
    case TokenInstruction.Approve: {
      const info = { source: a[0], delegate: a[1], amount: amountOf(() => getApproveInstructionDataDecoder().decode(data)) };
      return typed('approve', a, 3, withSigners(info, a, 2, 'owner', 'multisigOwner'));
    }
    case TokenInstruction.Revoke:
      return typed('revoke', a, 2, withSigners({ source: a[0] }, a, 1, 'owner', 'multisigOwner'));
    case TokenInstruction.SetAuthority: {
      const d = getSetAuthorityInstructionDataDecoder().decode(data);
      const [authorityType, owned] = AUTHORITY_TYPES[d.authorityType];
      const info = { [owned]: a[0], authorityType, newAuthority: isSome(d.newAuthority) ? d.newAuthority.value : null };
      return typed('setAuthority', a, 2, withSigners(info, a, 1, 'authority', 'multisigAuthority'));
    }
    case TokenInstruction.MintTo: {
      const info = { mint: a[0], account: a[1], amount: amountOf(() => getMintToInstructionDataDecoder().decode(data)) };
      return typed('mintTo', a, 3, withSigners(info, a, 2, 'mintAuthority', 'multisigMintAuthority'));
    }
    case TokenInstruction.Burn: {
      const info = { account: a[0], mint: a[1], amount: amountOf(() => getBurnInstructionDataDecoder().decode(data)) };
      return typed('burn', a, 3, withSigners(info, a, 2, 'authority', 'multisigAuthority'));
    }
    case TokenInstruction.CloseAccount:
      return typed('closeAccount', a, 3, withSigners({ account: a[0], destination: a[1] }, a, 2, 'owner', 'multisigOwner'));
    case TokenInstruction.FreezeAccount:
      return typed('freezeAccount', a, 3, withSigners({ account: a[0], mint: a[1] }, a, 2, 'freezeAuthority', 'multisigFreezeAuthority'));
    case TokenInstruction.ThawAccount:
      return typed('thawAccount', a, 3, withSigners({ account: a[0], mint: a[1] }, a, 2, 'freezeAuthority', 'multisigFreezeAuthority'));
    case TokenInstruction.TransferChecked: {
      const info = { source: a[0], mint: a[1], destination: a[2], tokenAmount: checked(() => getTransferCheckedInstructionDataDecoder().decode(data)) };
      return typed('transferChecked', a, 4, withSigners(info, a, 3, 'authority', 'multisigAuthority'));
    }
    case TokenInstruction.ApproveChecked: {
      const info = { source: a[0], mint: a[1], delegate: a[2], tokenAmount: checked(() => getApproveCheckedInstructionDataDecoder().decode(data)) };
      return typed('approveChecked', a, 4, withSigners(info, a, 3, 'owner', 'multisigOwner'));
    }
    case TokenInstruction.MintToChecked: {
      const info = { mint: a[0], account: a[1], tokenAmount: checked(() => getMintToCheckedInstructionDataDecoder().decode(data)) };
      return typed('mintToChecked', a, 3, withSigners(info, a, 2, 'mintAuthority', 'multisigMintAuthority'));
    }
    case TokenInstruction.BurnChecked: {
      const info = { account: a[0], mint: a[1], tokenAmount: checked(() => getBurnCheckedInstructionDataDecoder().decode(data)) };
      return typed('burnChecked', a, 3, withSigners(info, a, 2, 'authority', 'multisigAuthority'));
    }
    case TokenInstruction.SyncNative:
      return typed('syncNative', a, 1, { account: a[0] });
    case TokenInstruction.GetAccountDataSize: {
      // The extension types (u16 each) the new account will have; the associated token program asks for immutableOwner.
      const types = Array.from({ length: (data.length - 1) / 2 }, (_, i) => EXTENSION_TYPES[data[1 + 2 * i]! | (data[2 + 2 * i]! << 8)]);
      if (!Number.isInteger((data.length - 1) / 2) || types.includes(undefined)) throw new Error('bad extension types');
      return typed('getAccountDataSize', a, 1, { mint: a[0], ...(types.length > 0 && { extensionTypes: types }) });
    }
    case TokenInstruction.InitializeImmutableOwner:
      return typed('initializeImmutableOwner', a, 1, { account: a[0] });
    case TokenInstruction.AmountToUiAmount:
      return typed('amountToUiAmount', a, 1, { mint: a[0], amount: amountOf(() => getAmountToUiAmountInstructionDataDecoder().decode(data)) });
    case TokenInstruction.UiAmountToAmount:
      return typed('uiAmountToAmount', a, 1, { mint: a[0], uiAmount: getUiAmountToAmountInstructionDataDecoder().decode(data).uiAmount });
    case TokenInstruction.WithdrawExcessLamports:
      return typed('withdrawExcessLamports', a, 3, withSigners({ source: a[0], destination: a[1] }, a, 2, 'authority', 'multisigAuthority'));
    case TokenInstruction.UnwrapLamports: {
      const amount = getUnwrapLamportsInstructionDataDecoder().decode(data).amount;
      const info = { source: a[0], destination: a[1], ...(isSome(amount) && { amount: amount.value.toString() }) };
      return typed('unwrapLamports', a, 3, withSigners(info, a, 2, 'authority', 'multisigAuthority'));
    }
    case TokenInstruction.Batch:
      throw new Error('batch instructions are not parsed');
  }
}

const ASSOCIATED_TOKEN_INSTRUCTIONS = ['create', 'createIdempotent', 'recoverNested'] as const;

function parseAssociatedToken(a: readonly string[], data: Uint8Array): Parsed {
  // Borsh: no data is the original Create; otherwise exactly one byte, the variant.
  const type = data.length === 0 ? 'create' : data.length === 1 ? ASSOCIATED_TOKEN_INSTRUCTIONS[data[0]!] : undefined;
  if (type === undefined) throw new Error('not an associated token account instruction');
  if (type === 'recoverNested') {
    return typed(type, a, 7, { nestedSource: a[0], nestedMint: a[1], destination: a[2], nestedOwner: a[3], ownerMint: a[4], wallet: a[5], tokenProgram: a[6] });
  }
  return typed(type, a, 6, { source: a[0], account: a[1], wallet: a[2], mint: a[3], systemProgram: a[4], tokenProgram: a[5] });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

type Parser = readonly [program: string, parse: (accounts: readonly string[], data: Uint8Array) => Parsed | string];
/** A memo's parsed form is its text (strict UTF-8). */
const memo: Parser = ['spl-memo', (_accounts, data) => utf8.decode(data)];

/** Program id → its name in `program` and its parser. */
const PARSERS = new Map<string, Parser>([
  [SYSTEM_PROGRAM_ADDRESS, ['system', parseSystem]],
  [TOKEN_PROGRAM_ADDRESS, ['spl-token', parseToken]],
  [TOKEN_2022_PROGRAM, ['spl-token', parseToken]],
  [ASSOCIATED_TOKEN_PROGRAM_ADDRESS, ['spl-associated-token-account', parseAssociatedToken]],
  ...MEMO_PROGRAMS.map((id): [string, Parser] => [id, memo]),
]);

const base58 = getBase58Decoder();

export function parseInstruction(ix: ResolvedInstruction) {
  const parser = PARSERS.get(ix.programId);
  if (parser) {
    try {
      return { program: parser[0], programId: ix.programId, parsed: parser[1](ix.accounts, ix.data), stackHeight: ix.stackHeight };
    } catch {
      // Not parsable (unknown instruction, bad data, too few accounts): shown partially decoded, as agave does.
    }
  }
  return { programId: ix.programId, accounts: ix.accounts, data: base58.decode(ix.data), stackHeight: ix.stackHeight };
}
