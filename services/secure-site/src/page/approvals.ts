/**
 * The frame's own approval step (issue 28): a request that signs or spends runs here one at a time — prepared, frozen,
 * shown by this page in its own document (./approval-screen.ts), decided by the person, then signed. The host page
 * cannot approve for the person: only the screen's Approve button, clicked in this frame, can.
 *
 * One job runs at a time, from its preparation to its signing, so a transaction is prepared (nonce, fees) only once
 * the one before it was sent. At most `MAX_PENDING_REQUESTS` jobs wait; each gets `USER_ACTION_TIMEOUT_MS` from its
 * arrival to be decided (the modal waits as long for the reply). No DOM here: the screen is injected (`show`).
 *
 * @example
 * const approvals = createApprovalQueue({ show: (approval) => screen.show(approval), onIdle: () => notify('APPROVAL_HIDDEN', {}) });
 * const signature = await approvals.run(async (ask) => {
 *   const message = frozenCopy(parsed);
 *   await ask(screenOf(message)); // throws 4001 when rejected, cancelled or timed out
 *   return sign(message);
 * });
 */
import { MAX_PENDING_REQUESTS, TooManyEmbeddedRequestsError, USER_ACTION_TIMEOUT_MS, UserRejectedRequestError } from '@portico/shared-state/embedded';

export const APPROVAL_TIMED_OUT = `User rejected the request: it was not approved within ${USER_ACTION_TIMEOUT_MS / 60_000} minutes.`;

/** One line of the screen's details list. */
export interface ScreenRow {
  label: string;
  value: string;
}

/** What the screen draws: built from the frozen copy that will be signed, plain text only. */
export interface ApprovalScreen {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_sendTransaction' | 'wallet_sendCalls';
  heading: string;
  /** The parent page's verified origin. */
  requestedBy: string;
  rows: readonly ScreenRow[];
  /** personal_sign's text (or hex), typed data's message as indented JSON. */
  message?: string;
  /** wallet_sendCalls: one entry per call, in order. */
  calls?: readonly (readonly ScreenRow[])[];
  /** A transaction's fee above `FEE_WARNING_MULTIPLE` × the network's estimate: Approve waits for the person's acknowledgement. */
  feeWarning?: { text: string; feeWei: bigint; estimateWei: bigint };
  /** What the fee row says in wei, when it is a number that will be paid at most (the signed fields). */
  feeWei?: bigint;
}

/** The request on screen, for the screen to decide. */
export interface ShownApproval {
  readonly screen: ApprovalScreen;
  /** Aborted once the request is decided here or elsewhere (cancelled, timed out, signed out): the screen goes away. */
  readonly signal: AbortSignal;
  /** Approves; false (and nothing happens) while a fee warning is not acknowledged or once decided. */
  approve(options?: { feeAcknowledged?: boolean }): boolean;
  reject(): void;
}

export interface ApprovalQueueDeps {
  /** Draws the approval (the frame's own screen). */
  show(approval: ShownApproval): void;
  /** No request waits any more (after at least one was shown): the modal hides the frame. */
  onIdle(): void;
  /** A timer; returns its cancel. Default setTimeout. */
  setTimer?: (run: () => void, ms: number) => () => void;
}

/** Asks the person; resolves once approved, throws `UserRejectedRequestError` (4001) otherwise. */
export type Ask = (screen: ApprovalScreen) => Promise<void>;

/** waiting: queued or being prepared; on-screen: shown; approved: being signed or sent; failed: answered with an error. */
type JobState = 'waiting' | 'on-screen' | 'approved' | 'failed';

interface Job {
  /** Ends the job's reply with an error, unless the person already approved it. */
  fail(error: Error): void;
  state(): JobState;
  start(): Promise<unknown>;
}

const defaultTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** A deep, frozen copy: what is shown and signed cannot change after the screen is drawn. */
export function frozenCopy<T>(value: T): T {
  return deepFreeze(structuredClone(value));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createApprovalQueue(deps: ApprovalQueueDeps) {
  const setTimer = deps.setTimer ?? defaultTimer;
  const jobs: Job[] = [];
  let running = false;
  /** A screen was drawn since the frame was last hidden. */
  let shownSinceIdle = false;

  /**
   * Hides the frame once no request is on screen or due to be shown: at once when the last screen is decided, not
   * after the approved request is sent (a user operation may take a minute).
   */
  const idleIfDone = () => {
    if (!shownSinceIdle || jobs.some((job) => job.state() === 'waiting' || job.state() === 'on-screen')) return;
    shownSinceIdle = false;
    deps.onIdle();
  };

  async function drain() {
    if (running) return;
    running = true;
    while (jobs.length > 0) {
      // Waits for the job's own end (sent, refused or failed), so the next one prepares after it.
      await jobs[0]!.start().catch(() => undefined);
      jobs.shift();
    }
    running = false;
    // A request that failed while being prepared showed nothing.
    idleIfDone();
  }

  return {
    /** Runs `work` when its turn comes; `ask` draws its screen. Throws TooManyEmbeddedRequestsError beyond the limit. */
    run<T>(work: (ask: Ask) => Promise<T>): Promise<T> {
      if (jobs.length >= MAX_PENDING_REQUESTS) return Promise.reject(new TooManyEmbeddedRequestsError(MAX_PENDING_REQUESTS));
      return new Promise<T>((resolve, reject) => {
        let state: JobState = 'waiting';
        let failure: Error | undefined;
        const screenGone = new AbortController();
        const cancelTimer = setTimer(() => job.fail(new UserRejectedRequestError(undefined, APPROVAL_TIMED_OUT)), USER_ACTION_TIMEOUT_MS);
        const job: Job = {
          fail(error) {
            // Once approved it is being signed: cancelling or the time limit no longer applies.
            if (state === 'approved' || state === 'failed') return;
            state = 'failed';
            failure = error;
            cancelTimer();
            screenGone.abort(error);
            reject(error);
            idleIfDone();
          },
          state: () => state,
          start() {
            if (state === 'failed') return Promise.resolve();
            const ask: Ask = (screen) => {
              if (failure) return Promise.reject(failure);
              return new Promise<void>((decided, refused) => {
                screenGone.signal.addEventListener('abort', () => state === 'failed' && refused(failure), { once: true });
                state = 'on-screen';
                shownSinceIdle = true;
                deps.show({
                  screen,
                  signal: screenGone.signal,
                  approve({ feeAcknowledged = false } = {}) {
                    if (state !== 'on-screen' || (screen.feeWarning && !feeAcknowledged)) return false;
                    state = 'approved';
                    cancelTimer();
                    screenGone.abort();
                    decided();
                    idleIfDone();
                    return true;
                  },
                  reject: () => job.fail(new UserRejectedRequestError()),
                });
              });
            };
            const done = work(ask);
            done.then(resolve, reject).finally(cancelTimer);
            return done;
          },
        };
        jobs.push(job);
        void drain();
      });
    },
    /** Rejects every request waiting or on screen with 4001; nothing of theirs is signed. */
    cancelAll() {
      for (const job of [...jobs]) job.fail(new UserRejectedRequestError());
    },
  };
}
export type ApprovalQueue = ReturnType<typeof createApprovalQueue>;
