/**
 * The fee Solana charges for a message: 5000 lamports per signature plus the priority fee
 * (compute-unit price × compute-unit limit, both from ComputeBudget instructions; the default limit is
 * 200 000 units per other instruction, at most 1 400 000). The same rules the runtime applies.
 */
import type { CompiledTransactionMessage } from '@solana/kit';

/** Legacy and v0 messages (v1 is refused at decoding). */
export type CompiledMessage = Exclude<CompiledTransactionMessage, { version: 1 }>;

export const LAMPORTS_PER_SIGNATURE = 5000n;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_COMPUTE_UNITS = 1_400_000n;
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;

export function feeForMessage(message: CompiledMessage): bigint {
  let price = 0n;
  let limit: bigint | undefined;
  let otherInstructions = 0n;
  for (const ix of message.instructions) {
    const data = ix.data;
    if (message.staticAccounts[ix.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM || !data?.length) {
      otherInstructions++;
      continue;
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === SET_COMPUTE_UNIT_LIMIT && data.length >= 5) limit = BigInt(view.getUint32(1, true));
    if (data[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9) price = view.getBigUint64(1, true);
  }
  const units = limit ?? otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION;
  const capped = units < MAX_COMPUTE_UNITS ? units : MAX_COMPUTE_UNITS;
  // micro-lamports per unit → lamports, rounded up.
  const priorityFee = (price * capped + 999_999n) / 1_000_000n;
  return BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE + priorityFee;
}
