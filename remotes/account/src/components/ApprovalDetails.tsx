import type { PendingApproval, RequestDescription } from '@portico/shared-state';
import { DetailList, type DetailRow } from '@portico/ui';
import { callRows, feeText, isUnlimitedApproval } from '../lib/approval';
import { SignedText } from './SignedText';

type Description<K extends RequestDescription['kind']> = Extract<RequestDescription, { kind: K }>;

/** What the waiting request will sign or send, exactly as the approval gate described it. */
export function ApprovalDetails({ approval }: { approval: PendingApproval }) {
  const { description, fee, tokens } = approval;
  switch (description.kind) {
    case 'transaction':
      return (
        <>
          <DetailList
            label="Transaction"
            rows={[{ term: 'From', detail: description.from }, networkRow(description), ...callRows(description.call, tokens), feeRow(fee)]}
          />
          <UnlimitedApprovalWarning show={isUnlimitedApproval(description.call)} />
        </>
      );
    case 'calls':
      return <CallsDetails description={description} fee={fee} tokens={tokens} />;
    case 'message':
      return (
        <>
          <DetailList label="Signature request" rows={[{ term: 'Signer', detail: description.signer }, networkRow(description)]} />
          {description.text === undefined && <p className="portico-muted">This message is not readable text; it is shown as hex.</p>}
          <SignedText label="Message">{description.text ?? description.hex}</SignedText>
        </>
      );
    case 'typed-data':
      return <TypedDataDetails description={description} />;
  }
}

/** wallet_sendCalls: who sends, where and the fee, then one block per call in the order they run. */
function CallsDetails({ description, fee, tokens }: { description: Description<'calls'> } & Pick<PendingApproval, 'fee' | 'tokens'>) {
  const { calls } = description;
  return (
    <>
      <DetailList label="Batch" rows={[{ term: 'From', detail: description.from }, networkRow(description), feeRow(fee)]} />
      {calls.map((call, index) => {
        const label = `Call ${index + 1} of ${calls.length}`;
        return (
          <section key={index} className="portico-stack portico-full-width" aria-label={label}>
            <p className="portico-section-label">{label}</p>
            <DetailList rows={callRows(call, tokens)} />
            <UnlimitedApprovalWarning show={isUnlimitedApproval(call)} />
          </section>
        );
      })}
    </>
  );
}

/** eth_signTypedData_v4: who signs for which app (domain) what kind of data (primary type), then the data itself. */
function TypedDataDetails({ description }: { description: Description<'typed-data'> }) {
  const { domain } = description;
  const rows: DetailRow[] = [{ term: 'Signer', detail: description.signer }, networkRow(description)];
  if (typeof domain.name === 'string') rows.push({ term: 'Domain', detail: domain.name });
  if (typeof domain.verifyingContract === 'string') rows.push({ term: 'Verifying contract', detail: domain.verifyingContract });
  rows.push({ term: 'Primary type', detail: description.primaryType });
  return (
    <>
      <DetailList label="Signature request" rows={rows} />
      <SignedText label="Message">{JSON.stringify(description.message, null, 2)}</SignedText>
    </>
  );
}

const networkRow = (description: RequestDescription): DetailRow => ({ term: 'Network', detail: description.network.name });
const feeRow = (fee: PendingApproval['fee']): DetailRow => ({ term: 'Network fee', detail: feeText(fee) });

/** Said before the person approves: an unlimited allowance outlives this transaction. */
function UnlimitedApprovalWarning({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <p className="portico-approval-warning" role="alert">
      Unlimited approval: the spender can move all of this token from your account, now and later, until you revoke it.
    </p>
  );
}
