/**
 * The approval gate's decision point (spec section 6): the provider asks, ApproveTransaction shows the
 * request and the person decides. The provider asks one request at a time, so one request waits here at most.
 */
import type { ApprovalStore, PendingApproval } from '../embedded-wallet';
import type { RequestDescription } from './approval';

export interface ApprovalQueue extends ApprovalStore {
  /** Shows `description` and resolves with the person's decision (true: approve). */
  ask(description: RequestDescription): Promise<boolean>;
  /** Adds what was looked up for the waiting request `id` (fee, tokens); ignored once that request is decided. */
  update(id: number, found: Partial<Pick<PendingApproval, 'fee' | 'tokens'>>): void;
}

/**
 * @example
 * const approvals = createApprovalQueue();
 * const approved = approvals.ask(describeRequest(request, context)); // ApproveTransaction renders approvals.getSnapshot()
 * approvals.approve(); // await approved → true
 */
export function createApprovalQueue(): ApprovalQueue {
  let pending: { approval: PendingApproval; decide(approved: boolean): void } | undefined;
  let lastId = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const decide = (approved: boolean) => {
    const decided = pending;
    if (!decided) return;
    pending = undefined;
    notify();
    decided.decide(approved);
  };
  return {
    getSnapshot: () => pending?.approval,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    ask(description) {
      // A request still waiting (the provider never sends two) is rejected rather than silently replaced.
      decide(false);
      const fee: PendingApproval['fee'] = description.kind === 'transaction' || description.kind === 'calls' ? { status: 'loading' } : { status: 'unavailable' };
      return new Promise<boolean>((resolve) => {
        pending = { approval: { id: ++lastId, description, fee, tokens: {} }, decide: resolve };
        notify();
      });
    },
    update(id, found) {
      if (pending?.approval.id !== id) return;
      pending = { ...pending, approval: { ...pending.approval, ...found } };
      notify();
    },
    approve: () => decide(true),
    reject: () => decide(false),
  };
}
