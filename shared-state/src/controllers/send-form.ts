import type { Store } from 'jotai/vanilla';
import type { BalanceItem } from '../api/blockchain';
import { cleanDecimal } from '../amounts';
import { initialSendState, sendAtom, type SendState } from '../atoms';

export interface SendController {
  setToken(token: BalanceItem | undefined): void;
  /** Sets the amount and checks it at once (not a number, too many decimals, more than the balance). */
  setAmount(amount: string): void;
  /** Sets the whole balance as a clean amount ('25000', not '25000.0'; the native token keeps its network fee aside once known). */
  setMax(): void;
  /** Sets the receiver; RECEIVER_CHECK_DEBOUNCE_MS after the last change it is checked (an address) or resolved (a name). */
  setReceiver(receiver: string): void;
  /** Checks the receiver now: an address by its full decoder, a name (`alice.portico.eth`) through the name service. */
  checkReceiver(): Promise<void>;
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

/** The methods whose code loads with the send flow (controllers/send.ts). */
export type SendFlowMethod = 'checkReceiver' | 'preview' | 'send' | 'checkAgain' | 'preselectToken';
export type SendFlow = Pick<SendController, SendFlowMethod>;

/** A typed receiver waits this long after the last keystroke before it is checked or resolved. */
export const RECEIVER_CHECK_DEBOUNCE_MS = 300;
const DECIMAL_AMOUNT = /^(?:\d+\.?\d*|\.\d+)$/;

/**
 * What is wrong with an amount as typed so far, in the spec's wording, or undefined: empty and zero
 * ("0.0" on the way to "0.05") are not problems yet; `validateSend` refuses them on preview.
 */
export function amountProblem(amount: string, token: BalanceItem | undefined): string | undefined {
  if (!amount) return undefined;
  if (!DECIMAL_AMOUNT.test(amount)) return 'Not a number';
  const decimals = Number(token?.quantity.decimals ?? 18);
  const fraction = amount.split('.')[1] ?? '';
  if (fraction.length > decimals) return `Too many decimals: ${token?.symbol ?? 'this token'} has ${decimals}`;
  if (token && Number(amount) > Number(token.quantity.numeric)) return 'Insufficient funds';
  return undefined;
}

/** Fields a new receiver makes stale. */
const noReceiverCheck: Partial<SendState> = {
  receiverError: undefined,
  receiverResolving: false,
  resolvedReceiver: undefined,
  receiverProfileName: undefined,
  receiverProfileImageUrl: undefined,
};

/** The form half of sending: synchronous setters (inputs must update at once) plus the receiver debounce; the flow loads lazily. */
export function createSendForm(store: Store, flow: SendFlow): SendController {
  const state = () => store.get(sendAtom);
  const patch = (next: Partial<SendState>) => store.set(sendAtom, { ...state(), ...next });
  const setAmount = (sendTokenAmount: string) =>
    patch({ sendTokenAmount, amountError: amountProblem(sendTokenAmount, state().token), error: undefined, status: 'editing' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    ...flow,
    setToken: (token) => patch({ token, amountError: amountProblem(state().sendTokenAmount, token), error: undefined, status: 'editing' }),
    setAmount: (amount) => setAmount(amount.trim()),
    setMax() {
      const { token, fee } = state();
      if (!token) return;
      const isNative = !token.address;
      const max = isNative && fee ? String(Number(Math.max(0, Number(token.quantity.numeric) - Number(fee) * 1.2).toFixed(6))) : token.quantity.numeric;
      setAmount(cleanDecimal(max));
    },
    setReceiver(receiverAddress) {
      patch({ receiverAddress, ...noReceiverCheck, error: undefined, status: 'editing' });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        void flow.checkReceiver();
      }, RECEIVER_CHECK_DEBOUNCE_MS);
    },

    edit: () => patch({ status: 'editing', error: undefined }),
    reset() {
      if (timer) clearTimeout(timer);
      store.set(sendAtom, initialSendState);
    },
  };
}
