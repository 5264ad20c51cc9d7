import type { PendingApproval, RequestDescription } from '@portico/shared-state';
import { DetailList, type DetailRow } from '@portico/ui';
import { callRows, feeText, isUnlimitedApproval } from '../lib/approval';
import { useAccountMessages, type AccountMessages } from '../messages';
import { SignedText } from './SignedText';

type Description<K extends RequestDescription['kind']> = Extract<RequestDescription, { kind: K }>;

/** What the waiting request will sign or send, exactly as the approval gate described it. */
export function ApprovalDetails({ approval }: { approval: PendingApproval }) {
  const t = useAccountMessages();
  const { description, fee, tokens } = approval;
  switch (description.kind) {
    case 'transaction':
      return (
        <>
          <DetailList
            label={t('approval.transaction')}
            rows={[fromRow(description.from, t), networkRow(description, t), ...callRows(description.call, tokens, t), feeRow(fee, t)]}
          />
          <UnlimitedApprovalWarning show={isUnlimitedApproval(description.call)} />
        </>
      );
    case 'calls':
      return <CallsDetails description={description} fee={fee} tokens={tokens} />;
    case 'message':
      return (
        <>
          <DetailList label={t('approval.signatureRequest')} rows={[signerRow(description.signer, t), networkRow(description, t)]} />
          {description.text === undefined && <p className="portico-muted">{t('approval.hexMessage')}</p>}
          <SignedText label={t('approval.message')}>{description.text ?? description.hex}</SignedText>
        </>
      );
    case 'typed-data':
      return <TypedDataDetails description={description} />;
  }
}

/** wallet_sendCalls: who sends, where and the fee, then one block per call in the order they run. */
function CallsDetails({ description, fee, tokens }: { description: Description<'calls'> } & Pick<PendingApproval, 'fee' | 'tokens'>) {
  const t = useAccountMessages();
  const { calls } = description;
  return (
    <>
      <DetailList label={t('approval.batch')} rows={[fromRow(description.from, t), networkRow(description, t), feeRow(fee, t)]} />
      {calls.map((call, index) => {
        const label = t('approval.callOf', { index: index + 1, count: calls.length });
        return (
          <section key={index} className="portico-stack portico-full-width" aria-label={label}>
            <p className="portico-section-label">{label}</p>
            <DetailList rows={callRows(call, tokens, t)} />
            <UnlimitedApprovalWarning show={isUnlimitedApproval(call)} />
          </section>
        );
      })}
    </>
  );
}

/** eth_signTypedData_v4: who signs for which app (domain) what kind of data (primary type), then the data itself. */
function TypedDataDetails({ description }: { description: Description<'typed-data'> }) {
  const t = useAccountMessages();
  const { domain } = description;
  const rows: DetailRow[] = [signerRow(description.signer, t), networkRow(description, t)];
  if (typeof domain.name === 'string') rows.push({ term: t('approval.domain'), detail: domain.name });
  if (typeof domain.verifyingContract === 'string') rows.push({ term: t('approval.verifyingContract'), detail: domain.verifyingContract });
  rows.push({ term: t('approval.primaryType'), detail: description.primaryType });
  return (
    <>
      <DetailList label={t('approval.signatureRequest')} rows={rows} />
      <SignedText label={t('approval.message')}>{JSON.stringify(description.message, null, 2)}</SignedText>
    </>
  );
}

const fromRow = (from: string, t: AccountMessages): DetailRow => ({ term: t('approval.from'), detail: from });
const signerRow = (signer: string, t: AccountMessages): DetailRow => ({ term: t('approval.signer'), detail: signer });
const networkRow = (description: RequestDescription, t: AccountMessages): DetailRow => ({ term: t('approval.network'), detail: description.network.name });
const feeRow = (fee: PendingApproval['fee'], t: AccountMessages): DetailRow => ({ term: t('approval.networkFee'), detail: feeText(fee, t) });

/** Said before the person approves: an unlimited allowance outlives this transaction. */
function UnlimitedApprovalWarning({ show }: { show: boolean }) {
  const t = useAccountMessages();
  if (!show) return null;
  return (
    <p className="portico-approval-warning" role="alert">
      {t('approval.unlimitedWarning')}
    </p>
  );
}
