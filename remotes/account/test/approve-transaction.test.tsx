// ApproveTransaction (issue 28): the secure site draws the approval screen in its own frame; the view only holds
// the place where that frame is shown. Nothing in the view can approve.
import { embeddedTestWallet, testCore, type EmbeddedTestWallet } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import ApproveTransaction from '../src/views/ApproveTransaction';

afterEach(cleanupViews);

/** The embedded wallet signed in, the ApproveTransaction view rendered over it. */
async function approvalView(): Promise<EmbeddedTestWallet> {
  const embedded = embeddedTestWallet();
  await embedded.wallet.login.submitEmail('ada@example.com');
  await embedded.wallet.login.submitCode('123456');
  const { core } = await testCore({ embedded: embedded.handle });
  renderView(ApproveTransaction, { core });
  return embedded;
}

describe('ApproveTransaction', () => {
  it('says so when the frame shows no approval', async () => {
    const embedded = await approvalView();
    expect(await screen.findByText('No request is waiting for approval.')).toBeTruthy();
    expect(embedded.revealed).toEqual([]);
  });

  it("shows the secure site's frame over a placeholder of the height it asked for, and hides it when the frame is done", async () => {
    const embedded = await approvalView();
    await screen.findByText('No request is waiting for approval.');
    act(() => embedded.frameShowsApproval(420));
    expect(screen.queryByText('No request is waiting for approval.')).toBeNull();
    expect(embedded.revealed).toHaveLength(1);
    const [shown] = embedded.revealed;
    expect(shown!.shown).toBe(true);
    expect((shown!.slot as HTMLElement).style.height).toBe('420px');
    // The modal has no Approve of its own: the decision is the frame's.
    expect(screen.queryByRole('button')).toBeNull();

    act(() => embedded.frameShowsApproval(480));
    expect((shown!.slot as HTMLElement).style.height).toBe('480px');
    expect(embedded.revealed).toHaveLength(1);

    act(() => embedded.frameShowsApproval(undefined));
    expect(shown!.shown).toBe(false);
    expect(await screen.findByText('No request is waiting for approval.')).toBeTruthy();
  });

  it('leaving the view hides the frame', async () => {
    const embedded = await approvalView();
    await screen.findByText('No request is waiting for approval.');
    act(() => embedded.frameShowsApproval(300));
    expect(embedded.revealed[0]!.shown).toBe(true);
    cleanupViews();
    expect(embedded.revealed[0]!.shown).toBe(false);
  });
});
