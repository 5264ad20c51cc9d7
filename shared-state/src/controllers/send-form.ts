import type { Store } from 'jotai/vanilla';
import type { BalanceItem } from '../api/blockchain';
import { initialSendState, sendAtom, type SendState } from '../atoms';

export interface SendController {
  setToken(token: BalanceItem | undefined): void;
  setAmount(amount: string): void;
  /** Sets the whole balance as the amount (the native token keeps its network fee aside once known). */
  setMax(): void;
  setReceiver(receiver: string): void;
  /** Validates, estimates the fee and moves to the preview; a problem stays on the form with its message. */
  preview(): Promise<boolean>;
  /** Asks the wallet to sign, waits for the chain, then resets the form (spec section 4). Refused while a sent transaction is unconfirmed. */
  send(): Promise<boolean>;
  /** Reads the receipt of the transaction already sent (status 'unconfirmed') again; never sends anything. */
  checkAgain(): Promise<boolean>;
  /**
   * Starts the form on the network's native token when nothing is chosen yet and the account holds
   * some of it (a non-zero balance among `tokens`, the list the view shows), so the person can type
   * an amount straight away. Never replaces a token already chosen. Resolves true when it selected.
   */
  preselectToken(tokens: readonly BalanceItem[]): Promise<boolean>;
  /** Back to the form with what was entered. */
  edit(): void;
  reset(): void;
}

/** The form half of sending: plain state updates, always loaded (inputs must update synchronously). */
export type SendForm = Omit<SendController, SendFlowMethod>;
/** The methods whose code loads with the send flow (controllers/send.ts). */
export type SendFlowMethod = 'preview' | 'send' | 'checkAgain' | 'preselectToken';

export function createSendForm(store: Store): SendForm {
  const state = () => store.get(sendAtom);
  const patch = (next: Partial<SendState>) => store.set(sendAtom, { ...state(), ...next });
  return {
    setToken: (token) => patch({ token, error: undefined, status: 'editing' }),
    setAmount: (sendTokenAmount) => patch({ sendTokenAmount: sendTokenAmount.trim(), error: undefined, status: 'editing' }),
    setMax() {
      const { token, fee } = state();
      if (!token) return;
      const isNative = !token.address;
      const max = isNative && fee ? Math.max(0, Number(token.quantity.numeric) - Number(fee) * 1.2) : Number(token.quantity.numeric);
      patch({ sendTokenAmount: isNative && fee ? String(Number(max.toFixed(6))) : token.quantity.numeric, error: undefined, status: 'editing' });
    },
    setReceiver: (receiverAddress) => patch({ receiverAddress, error: undefined, status: 'editing' }),

    edit: () => patch({ status: 'editing', error: undefined }),
    reset: () => store.set(sendAtom, initialSendState),
  };
}
