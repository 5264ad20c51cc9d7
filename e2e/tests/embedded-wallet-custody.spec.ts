// The embedded wallet signs only what its owner approved inside the secure site (issue 28). Each test is an attack
// by the host page or another page, and checks the chain or the returned signature, not only the screen:
// - a host-page script posting signing and spending requests straight to the wallet's iframe gets nothing until the
//   person approves on the frame's own screen;
// - a page on another (allowed) origin that frames the secure site sees no session of the demo page's login;
// - a transaction changed by the page after the screen was drawn is sent as it was shown;
// - a dapp fee far over the network's needs the person's explicit acknowledgement, and the fee paid is the one shown;
// - clicks the person did not make on a frame they could see (an untrusted event, a transparent frame, a frame under
//   a decoy) sign nothing, while a normal click then does.
// The wallet's iframe is the modal's (`APPROVAL.frameTitle`, a child of <portico-modal> shown through its slot); the protocol is
// shared-state's `src/embedded/messages.ts` (envelope `{ type: 'portico:embedded', id (11 characters), event, payload }`).
import type { Frame, Page } from '@playwright/test';
import { getAddress, parseEther, parseGwei, toHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import {
  APPROVAL,
  approvalDetail,
  approvalFrame,
  approvalHeading,
  approvalMessage,
  approveButton,
  approveInFrame,
  copiedSessionToken,
  expectApprovalShown,
  hostRequest,
  loggedIn,
  nodeOf,
  rejectInFrame,
  sameAddress,
  thiefWithToken,
  uniqueEmail,
} from '../fixtures/embedded.ts';
import { accountOutput, dialog } from '../fixtures/portico.ts';
import { expect, test, type PorticoUrls } from '../fixtures/test.ts';

/** The recipient the attacks aim at (the 0x…A11CE). Only this file sends to it. */
const ALICE = getAddress('0x00000000000000000000000000000000000a11ce');
/** An address no other test touches: its balance starts at 0. */
const freshAddress = (): Address => privateKeyToAddress(generatePrivateKey());

/** The frame protocol's envelope type and event prefixes (shared-state `src/embedded/constants.ts`). */
const WIRE = { type: 'portico:embedded', app: '@portico-app/', frame: '@portico-frame/' } as const;
/** A message id as the protocol wants it: 11 characters of [A-Za-z0-9_-]. */
const wireId = (id: string) => {
  if (!/^[A-Za-z0-9_-]{11}$/.test(id)) throw new Error(`not an 11-character message id: ${id}`);
  return id;
};

/** What the frame answered to one of the test's own messages. */
type Reply = { id: string; event: string; payload: unknown };

/** A request a host-page script posts straight to the wallet's iframe (an RPC_REQUEST the modal never saw). */
interface Forged {
  id: string;
  method: string;
  params: unknown[];
}

/**
 * Gives the page what any script on the host page has: the modal's iframe (the child of <portico-modal>), a way to post envelopes to it on the secure site's origin, and the replies it posts back to this window.
 */
async function tapWalletFrame(page: Page, secureSite: string) {
  await page.evaluate(
    ({ frameTitle, frameOrigin, wire }) => {
      const ids = new Set<string>();
      const replies: Reply[] = [];
      window.addEventListener('message', (event) => {
        const data = event.data as { type?: unknown; id?: unknown; event?: unknown; payload?: unknown } | null;
        if (event.origin !== frameOrigin || data?.type !== wire.type || typeof data.id !== 'string' || !ids.has(data.id)) return;
        replies.push({ id: data.id, event: String(data.event), payload: data.payload });
      });
      const post = ({ id, method, params }: Forged) => {
        const frame = document.querySelector<HTMLIFrameElement>(`portico-modal > iframe[title="${frameTitle}"]`);
        if (!frame?.contentWindow) throw new Error('no embedded wallet iframe in <portico-modal>');
        ids.add(id);
        frame.contentWindow.postMessage({ type: wire.type, id, event: `${wire.app}RPC_REQUEST`, payload: { method, params } }, frameOrigin);
      };
      (window as unknown as { tap: { replies: Reply[]; post: typeof post } }).tap = { replies, post };
    },
    { frameTitle: APPROVAL.frameTitle, frameOrigin: new URL(secureSite).origin, wire: WIRE },
  );
}

const postToFrame = (page: Page, forged: Forged) =>
  page.evaluate((forged) => (window as unknown as { tap: { post(forged: Forged): void } }).tap.post(forged), forged);
const tappedReplies = (page: Page) => page.evaluate(() => (window as unknown as { tap: { replies: Reply[] } }).tap.replies);
const replyTo = async (page: Page, id: string) => (await tappedReplies(page)).find((reply) => reply.id === id);

/** The wallet's iframe as the host page's script can style it, and a decoy the script lays over it. */
async function styleWalletFrame(page: Page, property: 'opacity', value: string) {
  await page.evaluate(
    ({ frameTitle, property, value }) => {
      const frame = document.querySelector<HTMLIFrameElement>(`portico-modal > iframe[title="${frameTitle}"]`)!;
      frame.style[property] = value;
    },
    { frameTitle: APPROVAL.frameTitle, property, value },
  );
}

/** A decoy over the whole iframe that lets clicks through to it (`pointer-events: none`), as a clickjacking page would. */
async function coverWalletFrame(page: Page, covered: boolean) {
  await page.evaluate(
    ({ frameTitle, covered }) => {
      document.getElementById('custody-decoy')?.remove();
      if (!covered) return;
      const frame = document.querySelector<HTMLIFrameElement>(`portico-modal > iframe[title="${frameTitle}"]`)!;
      const { left, top, width, height } = frame.getBoundingClientRect();
      const decoy = document.createElement('div');
      decoy.id = 'custody-decoy';
      decoy.textContent = 'Click anywhere to claim your prize';
      decoy.style.cssText = `position:fixed;left:${left}px;top:${top}px;width:${width}px;height:${height}px;z-index:2147483647;pointer-events:none;background:#fff;color:#000;font:24px sans-serif`;
      document.body.append(decoy);
    },
    { frameTitle: APPROVAL.frameTitle, covered },
  );
}

/** A real mouse click (trusted input from the browser) at the middle of the frame's Approve button. */
async function mouseClickApprove(page: Page) {
  const box = await approveButton(page).boundingBox();
  expect(box, 'the Approve button has a box on the page').not.toBeNull();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

/** Typed data the embedded account could sign on the devchain. */
function mailTypedData(address: Address, chainId: number, contents: string) {
  return {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      Mail: [
        { name: 'from', type: 'address' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    domain: { name: 'Portico Custody Test', version: '1', chainId },
    message: { from: address, contents },
  };
}

/** The demo page's origin: the one the frame must name as the requester. */
const demoOrigin = (urls: PorticoUrls) => new URL(urls.demo).origin;

/**
 * `host` (the demo page itself, or a page of another origin framed inside it) frames the secure site for the demo's
 * project as the modal does, waits for its READY and posts `messages`; resolves with each one's reply (or undefined
 * when none came within 15 s). Inside the demo page, so the browser gives the secure site the same storage as the
 * modal's own frame: what the frame then sees is its own rule (sessions per parent origin), not the browser's
 * storage partitioning.
 */
async function probeSecureSite(
  host: Frame,
  secureSite: string,
  messages: { id: string; name: string; payload: unknown }[],
): Promise<Record<string, { event: string; payload: unknown } | undefined>> {
  return host.evaluate(
    async ({ secureSite, messages, wire }) => {
      const frameOrigin = new URL(secureSite).origin;
      const frame = document.createElement('iframe');
      frame.title = 'Framed secure site';
      frame.src = `${secureSite}/?projectId=portico-demo&chainId=31337&version=1&enableLogger=false`;
      const replies: Record<string, { event: string; payload: unknown } | undefined> = Object.fromEntries(messages.map(({ id }) => [id, undefined]));
      let ready: () => void = () => undefined;
      const isReady = new Promise<void>((resolve) => (ready = resolve));
      window.addEventListener('message', (event) => {
        if (event.source !== frame.contentWindow || event.origin !== frameOrigin) return;
        const data = event.data as { type?: unknown; id?: unknown; event?: unknown; payload?: unknown } | null;
        if (data?.type !== wire.type) return;
        if (data.event === `${wire.frame}READY`) ready();
        if (typeof data.id === 'string' && data.id in replies) replies[data.id] = { event: String(data.event), payload: data.payload };
      });
      document.body.append(frame);
      await Promise.race([isReady, new Promise((_, reject) => setTimeout(() => reject(new Error('the secure site never said READY')), 20_000))]);
      for (const { id, name, payload } of messages) frame.contentWindow!.postMessage({ type: wire.type, id, event: `${wire.app}${name}`, payload }, frameOrigin);
      const deadline = performance.now() + 15_000;
      while (Object.values(replies).some((reply) => reply === undefined) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      frame.remove();
      return replies;
    },
    { secureSite, messages, wire: WIRE },
  );
}

/** A page of `url`'s origin framed inside the demo page (as an ad or a widget of another allowed origin would be). */
async function framedStranger(page: Page, url: string): Promise<Frame> {
  await page.evaluate(async (src) => {
    const stranger = document.createElement('iframe');
    stranger.title = 'Another allowed origin';
    stranger.src = src;
    const loaded = new Promise((resolve) => stranger.addEventListener('load', resolve, { once: true }));
    document.body.append(stranger);
    await loaded;
  }, url);
  const frame = page.frames().find((candidate) => candidate.url() === url);
  if (!frame) throw new Error(`no frame of ${url} in the demo page`);
  return frame;
}

test.describe('the embedded wallet signs only what its owner approved inside the secure site', () => {
  test('a host-page script posting personal_sign, typed data, a 1 ETH send and a batch straight to the wallet frame: no reply, nothing signed or sent; the one the person approves in the frame is signed', async ({
    page,
    urls,
    env,
  }, testInfo) => {
    // A login, four screens in turn and the waits that prove nothing happened, on a busy 2-core machine.
    test.setTimeout(150_000);
    const node = nodeOf(urls);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const before = { account: await node.getBalance({ address }), alice: await node.getBalance({ address: ALICE }) };
    // The smart account is not deployed yet: no user operation of it has been sent.
    expect(await node.getCode({ address })).toBeUndefined();

    const message = `Mallory signs for you ${testInfo.testId}`;
    const oneEth = toHex(parseEther('1'));
    const forged = {
      personal: { id: wireId('atkPersonal'), method: 'personal_sign', params: [message, address] },
      typed: { id: wireId('atkTypedDat'), method: 'eth_signTypedData_v4', params: [address, JSON.stringify(mailTypedData(address, urls.chainId, 'Mallory'))] },
      send: { id: wireId('atkSendTran'), method: 'eth_sendTransaction', params: [{ from: address, to: ALICE, value: oneEth }] },
      calls: {
        id: wireId('atkSendCall'),
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: toHex(urls.chainId), from: address, atomicRequired: true, calls: [{ to: ALICE, value: oneEth }] }],
      },
    } satisfies Record<string, Forged>;
    await tapWalletFrame(page, env.secureSite!);
    for (const request of Object.values(forged)) await postToFrame(page, request);

    // A bounded wait to prove a negative: a frame that signs what it is posted answers a signature within a second and
    // a user operation within a few; after 6 s nothing has come back, and nothing moved on chain.
    await page.waitForTimeout(6_000);
    expect(await tappedReplies(page)).toEqual([]);
    expect(await node.getBalance({ address })).toBe(before.account);
    expect(await node.getBalance({ address: ALICE })).toBe(before.alice);
    expect(await node.getCode({ address })).toBeUndefined();

    // The person sees the first one on the frame's own screen, naming the page that asked, and approves it: only now
    // does the page get a signature, and it is the embedded account's for that message.
    await expectApprovalShown(page, 'personal_sign', { origin: demoOrigin(urls), account: address, chainId: urls.chainId });
    await expect(approvalMessage(page)).toHaveText(message);
    await approveInFrame(page);
    await expect.poll(async () => (await replyTo(page, forged.personal.id))?.event, { timeout: 20_000 }).toBe(`${WIRE.frame}RPC_REQUEST_SUCCESS`);
    const signature = ((await replyTo(page, forged.personal.id))!.payload as { result: Hex }).result;
    expect(await node.verifyMessage({ address, message, signature })).toBe(true);

    // The others wait their turn on the same screen, each as it is; the person rejects them: 4001 each.
    const rest = [
      { request: forged.typed, method: 'eth_signTypedData_v4', shows: () => expect(approvalMessage(page)).toContainText('Mallory') },
      {
        request: forged.send,
        method: 'eth_sendTransaction',
        shows: async () => {
          await expect(approvalDetail(page, APPROVAL.terms.to)).toHaveText(sameAddress(ALICE));
          await expect(approvalDetail(page, APPROVAL.terms.amount)).toHaveText(APPROVAL.eth(parseEther('1')));
        },
      },
      {
        request: forged.calls,
        method: 'wallet_sendCalls',
        shows: async () => {
          await expect(approvalFrame(page).getByText(sameAddress(ALICE))).toBeVisible();
          await expect(approvalFrame(page).getByText(APPROVAL.eth(parseEther('1')), { exact: true })).toBeVisible();
        },
      },
    ] as const;
    for (const { request, method, shows } of rest) {
      await expect(approvalHeading(page, method)).toBeVisible({ timeout: 20_000 });
      await shows();
      expect(await replyTo(page, request.id), `${method} is not answered before the person decides`).toBeUndefined();
      await rejectInFrame(page);
      await expect.poll(() => replyTo(page, request.id), { timeout: 20_000 }).toMatchObject({ event: `${WIRE.frame}RPC_REQUEST_ERROR`, payload: { code: 4001 } });
    }
    expect((await tappedReplies(page)).filter((reply) => reply.event.endsWith('_SUCCESS')).map((reply) => reply.id)).toEqual([forged.personal.id]);
    expect(await node.getBalance({ address })).toBe(before.account);
    expect(await node.getBalance({ address: ALICE })).toBe(before.alice);
    expect(await node.getCode({ address })).toBeUndefined();
  });

  test('a page on another allowed origin framing the secure site sees no session of the demo page’s login: not connected, no user, no accounts, personal_sign refused', async ({
    page,
    urls,
    env,
  }, testInfo) => {
    test.setTimeout(120_000);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const message = `Sign as the demo page's user ${testInfo.testId}`;

    // Another origin the demo project allows in development mode (http://127.0.0.1:*): the fixture pages' server, framed
    // inside the demo page, so its secure-site frame shares the modal frame's storage and session.
    const stranger = env.blankPage;
    expect(new URL(stranger).origin).not.toBe(demoOrigin(urls));
    const seen = await probeSecureSite(await framedStranger(page, stranger), env.secureSite!, [
      { id: wireId('prbConnectd'), name: 'IS_CONNECTED', payload: {} },
      { id: wireId('prbGetUser1'), name: 'GET_USER', payload: { chainId: urls.chainId } },
      { id: wireId('prbAccounts'), name: 'RPC_REQUEST', payload: { method: 'eth_accounts', params: [] } },
      { id: wireId('prbPersSign'), name: 'RPC_REQUEST', payload: { method: 'personal_sign', params: [message, address] } },
    ]);
    expect(seen.prbConnectd).toEqual({ event: `${WIRE.frame}IS_CONNECTED_SUCCESS`, payload: { isConnected: false } });
    expect(seen.prbGetUser1?.event).toBe(`${WIRE.frame}GET_USER_ERROR`);
    expect(seen.prbAccounts).toEqual({ event: `${WIRE.frame}RPC_REQUEST_SUCCESS`, payload: { result: [] } });
    // Refused, not signed (and not left waiting on a screen nobody is shown).
    expect(seen.prbPersSign?.event).toBe(`${WIRE.frame}RPC_REQUEST_ERROR`);
    expect(JSON.stringify(seen)).not.toMatch(/0x[0-9a-f]{130}/i);

    // The same probe framed by the demo page itself does see the session: the probe works, the parent origin is what differs.
    const own = await probeSecureSite(page.mainFrame(), env.secureSite!, [
      { id: wireId('ownConnectd'), name: 'IS_CONNECTED', payload: {} },
      { id: wireId('ownGetUser1'), name: 'GET_USER', payload: { chainId: urls.chainId } },
    ]);
    expect(own.ownConnectd).toEqual({ event: `${WIRE.frame}IS_CONNECTED_SUCCESS`, payload: { isConnected: true } });
    expect(own.ownGetUser1).toMatchObject({ event: `${WIRE.frame}GET_USER_SUCCESS`, payload: { address: expect.stringMatching(sameAddress(address)) } });
    // The demo page's login is untouched.
    await expect(accountOutput(page)).toHaveText(address);
  });

  test('a session token copied to another browser opens nothing: /wallet/account and /wallet/sign refuse it as Bearer, and with a proof from any other key', async ({
    page,
    browser,
    urls,
    env,
  }, testInfo) => {
    test.setTimeout(120_000);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const token = await copiedSessionToken(page, env.secureSite!);
    const thief = await thiefWithToken(browser, env.secureSite!, token);
    const routes = [
      { path: '/wallet/account', body: '' },
      { path: '/wallet/sign', body: JSON.stringify({ kind: 'message', message: { raw: toHex('Send everything to the thief') } }) },
    ];
    for (const { path, body } of routes) {
      const asBearer = await thief.asBearer(path, body);
      expect(asBearer.status, `${path} with the token as Bearer`).toBe(401);
      expect(asBearer.text).toMatch(/device-bound session is required/);
      const withOwnKey = await thief.withOwnKey(path, body);
      expect(withOwnKey.status, `${path} with the thief's own device proof`).toBe(401);
      expect(withOwnKey.text).toMatch(/not the key the session is bound to/);
      // Neither answer carries an address, a signature or a key.
      expect(`${asBearer.text}${withOwnKey.text}`).not.toMatch(/0x[0-9a-fA-F]{40}/);
    }
    await thief.close();

    // The person's own browser still signs: its frame holds the device key the session is bound to.
    const message = `Still mine ${testInfo.testId}`;
    const signing = hostRequest(page, 'personal_sign', [message, address]);
    await approveInFrame(page);
    const signed = await signing.outcome;
    expect(signed).toMatchObject({ ok: true });
    expect(await nodeOf(urls).verifyMessage({ address, message, signature: (signed as { result: Hex }).result })).toBe(true);
  });

  test('the page changes the transaction after the screen is drawn and posts the changed one itself: what lands on chain is what the person approved', async ({
    page,
    urls,
    env,
  }, testInfo) => {
    // A login and a user operation (up to 60 s for its receipt) on a busy 2-core machine.
    test.setTimeout(150_000);
    const node = nodeOf(urls);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const mallory = freshAddress();
    const aliceBefore = await node.getBalance({ address: ALICE });
    const accountBefore = await node.getBalance({ address });

    // The page asks for 1 wei to Alice, keeping its own reference to the transaction object.
    await page.evaluate(
      ({ from, to }) => {
        type Provider = { request(args: { method: string; params: unknown[] }): Promise<unknown> };
        const portico = (window as unknown as { portico: { getProvider(): Provider } }).portico;
        const tx = { from, to, value: '0x1' };
        const sending = portico
          .getProvider()
          .request({ method: 'eth_sendTransaction', params: [tx] })
          .then(
            (result) => ({ ok: true, result }),
            (error: { code?: unknown; message?: unknown }) => ({ ok: false, code: error.code, message: String(error.message) }),
          );
        Object.assign(window, { custodyTx: tx, custodySend: sending });
      },
      { from: address, to: ALICE },
    );
    await expectApprovalShown(page, 'eth_sendTransaction', { origin: demoOrigin(urls), account: address, chainId: urls.chainId });
    await expect(approvalDetail(page, APPROVAL.terms.to)).toHaveText(sameAddress(ALICE));
    await expect(approvalDetail(page, APPROVAL.terms.amount)).toHaveText(APPROVAL.eth(1n));

    // Now the page changes its object to 1 ETH to Mallory, and posts that transaction to the frame itself too.
    const changed = { to: mallory, value: toHex(parseEther('1')) };
    await page.evaluate((changed) => Object.assign((window as unknown as { custodyTx: object }).custodyTx, changed), changed);
    await tapWalletFrame(page, env.secureSite!);
    const second = { id: wireId('atkChangedT'), method: 'eth_sendTransaction', params: [{ from: address, ...changed }] };
    await postToFrame(page, second);

    // The screen still shows what it showed; the person approves that.
    await expect(approvalDetail(page, APPROVAL.terms.to)).toHaveText(sameAddress(ALICE));
    await expect(approvalDetail(page, APPROVAL.terms.amount)).toHaveText(APPROVAL.eth(1n));
    await approveInFrame(page);
    const sent = (await page.evaluate(() => (window as unknown as { custodySend: Promise<unknown> }).custodySend)) as { ok: boolean; result?: Hex };
    expect(sent).toMatchObject({ ok: true, result: expect.stringMatching(/^0x[0-9a-f]{64}$/i) });
    // A user operation: the hash is the bundle's transaction (its `to` is the EntryPoint), so the recipients' balances say where the value went.
    expect((await node.waitForTransactionReceipt({ hash: sent.result! })).status).toBe('success');
    expect(await node.getBalance({ address: ALICE })).toBe(aliceBefore + 1n);
    expect(await node.getBalance({ address: mallory })).toBe(0n);

    // The changed transaction the page posted gets a screen of its own saying what it would do; rejected: 4001, nothing sent.
    await expect(approvalDetail(page, APPROVAL.terms.to)).toHaveText(sameAddress(mallory), { timeout: 20_000 });
    await expect(approvalDetail(page, APPROVAL.terms.amount)).toHaveText(APPROVAL.eth(parseEther('1')));
    expect(await replyTo(page, second.id)).toBeUndefined();
    await rejectInFrame(page);
    await expect.poll(() => replyTo(page, second.id), { timeout: 20_000 }).toMatchObject({ event: `${WIRE.frame}RPC_REQUEST_ERROR`, payload: { code: 4001 } });
    expect(await node.getBalance({ address: mallory })).toBe(0n);
    // The account paid 1 wei and its user operation's gas, far less than the 1 ETH the page tried.
    expect(accountBefore - (await node.getBalance({ address }))).toBeLessThan(parseEther('0.1'));
  });

  test('a dapp fee over 10× the network’s estimate: the frame warns, Approve waits for “Pay this fee anyway”, and the fee paid on chain is the fee shown', async ({
    page,
    urls,
    env,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The EOA: its transaction carries the dapp's own gas and gas price (a user operation's fee is the bundler's).
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { defaultAccountTypes: { eip155: 'eoa' } };
    });
    const node = nodeOf(urls);
    const eoa = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    await expect(dialog(page, 'Account').getByText('EOA', { exact: true })).toBeVisible();
    const receiver = freshAddress();
    const gas = 21_000n;
    const gasPrice = parseGwei('1000');
    const fee = gas * gasPrice;
    // Far above what the node asks: the frame's estimate is at most a tenth of it.
    expect((await node.getGasPrice()) * 10n).toBeLessThan(gasPrice);
    const eoaBefore = await node.getBalance({ address: eoa });

    const sending = hostRequest(page, 'eth_sendTransaction', [{ from: eoa, to: receiver, value: '0x1', gas: toHex(gas), gasPrice: toHex(gasPrice) }]);
    await expectApprovalShown(page, 'eth_sendTransaction', { origin: demoOrigin(urls), account: eoa, chainId: urls.chainId });
    await expect(approvalDetail(page, APPROVAL.terms.to)).toHaveText(sameAddress(receiver));
    const feeShown = approvalDetail(page, APPROVAL.terms.fee);
    await expect(feeShown).toHaveText(APPROVAL.eth(fee));
    await expect(approvalFrame(page).getByRole('alert')).toContainText(APPROVAL.eth(fee));
    const acknowledge = approvalFrame(page).getByRole('checkbox', { name: APPROVAL.acknowledgeFee, exact: true });
    await expect(acknowledge).not.toBeChecked();
    // A bounded wait past the frame's 500 ms "seen" delay: from then on only the fee keeps Approve disabled.
    await page.waitForTimeout(1_000);
    await expect(approveButton(page)).toBeDisabled();
    // A real click on the disabled button does nothing either (bounded wait: nothing may come back).
    await mouseClickApprove(page);
    await page.waitForTimeout(1_000);
    expect(sending.settled()).toBe(false);

    await acknowledge.check();
    await expect(approveButton(page)).toBeEnabled();
    const feeText = await feeShown.textContent();
    await approveInFrame(page);
    const sent = await sending.outcome;
    expect(sent).toMatchObject({ ok: true, result: expect.stringMatching(/^0x[0-9a-f]{64}$/i) });
    const receipt = await node.waitForTransactionReceipt({ hash: (sent as { result: Hex }).result });
    expect(receipt.status).toBe('success');
    const paid = receipt.gasUsed * receipt.effectiveGasPrice;
    // The fee shown is the fee paid, as the frame prints it.
    expect(APPROVAL.eth(paid)).toBe(feeText);
    expect(await node.getBalance({ address: receiver })).toBe(1n);
    expect(eoaBefore - (await node.getBalance({ address: eoa }))).toBe(1n + paid);
  });

  test('clicks the person did not make on a frame they could see sign nothing: an untrusted click event, a real click on a transparent frame, a real click through a decoy; a normal click then signs', async ({
    page,
    urls,
    env,
  }, testInfo) => {
    test.setTimeout(150_000);
    const node = nodeOf(urls);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));

    /**
     * One round: the page asks for a signature; once the frame shows it, `attack` (the host page's doing) and a click;
     * nothing may come back; `restore` undoes the attack; then the person's normal click signs, which proves the guard
     * refused the click, not a broken button.
     */
    const round = async (name: string, attack: () => Promise<void>, restore: () => Promise<void>) => {
      const message = `${name} ${testInfo.testId}`;
      const signing = hostRequest(page, 'personal_sign', [message, address]);
      await expectApprovalShown(page, 'personal_sign', { origin: demoOrigin(urls), account: address, chainId: urls.chainId });
      await expect(approvalMessage(page)).toHaveText(message);
      await attack();
      // A bounded wait to prove a negative: a signature comes back well within 2 s of an accepted click.
      await page.waitForTimeout(2_000);
      expect(signing.settled(), `${name}: nothing signed`).toBe(false);
      await expect(approvalHeading(page, 'personal_sign')).toBeVisible();
      await restore();
      // The frame counts itself seen only after 500 ms in view; a person takes longer than that to click.
      await page.waitForTimeout(1_000);
      await approveInFrame(page);
      const approved = await signing.outcome;
      expect(approved, `${name}: the normal click signs`).toMatchObject({ ok: true, result: expect.stringMatching(/^0x[0-9a-f]+$/i) });
      expect(await node.verifyMessage({ address, message, signature: (approved as { result: Hex }).result })).toBe(true);
    };

    await test.step('an untrusted click event dispatched on Approve', () =>
      round(
        'Untrusted click',
        async () => {
          // The frame has been seen long enough for Approve to work: only the event's origin is wrong.
          await expect(approveButton(page)).toBeEnabled();
          await approveButton(page).dispatchEvent('click');
        },
        async () => undefined,
      ),
    );

    await test.step('a real click on the frame made transparent by the host page', () =>
      round(
        'Transparent frame',
        async () => {
          await styleWalletFrame(page, 'opacity', '0');
          // The attacker's page keeps it so while the person is lured to click (longer than the frame's 500 ms).
          await page.waitForTimeout(1_000);
          await mouseClickApprove(page);
        },
        () => styleWalletFrame(page, 'opacity', ''),
      ),
    );

    await test.step('a real click through a decoy laid over the frame (pointer-events: none)', () =>
      round(
        'Covered frame',
        async () => {
          await coverWalletFrame(page, true);
          await page.waitForTimeout(1_000);
          await mouseClickApprove(page);
        },
        () => coverWalletFrame(page, false),
      ),
    );
  });
});
