// Solana's PubSub API with a raw WebSocket: each subscription's notifications in agave's exact shapes, unsubscribes,
// JSON-RPC details (batches, ping notifications, errors), every limit, and the Host/Origin checks.
import { address, generateKeyPairSigner, getBase58Decoder, lamports } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { PUSD_MINT, SOLANA_DEV_ACCOUNTS } from '../src/accounts';
import {
  PUBSUB_MAX_BUFFERED_BYTES, PUBSUB_MAX_CONNECTIONS, PUBSUB_MAX_FRAME_BYTES, PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION, startSolanaRpc,
} from '../src/server';
import { connectPubsub, devSigner, post, signedTransaction, startChain, upgradeStatus } from './helpers';

const mint = address(PUSD_MINT.address);
const signatureOf = (wire: string) => getBase58Decoder().decode(Buffer.from(wire, 'base64').subarray(1, 65));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let chain: Awaited<ReturnType<typeof startChain>>;
beforeAll(async () => {
  chain = await startChain({ slotMs: 100 });
});
afterAll(() => chain.server.stop());

const send = (wire: string, skipPreflight = false) =>
  post(chain.server.url, { jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire, { encoding: 'base64', skipPreflight }] });
const statusSlot = async (signature: string) => BigInt((await chain.rpc.getSignatureStatuses([signature as never]).send()).value[0]!.slot);

describe('signatureSubscribe', () => {
  it('notifies receivedSignature then the result when the transaction lands, in agave’s shape, and ends the subscription', async () => {
    const client = await connectPubsub(chain.server.pubsubUrl);
    try {
      const from = await devSigner(0);
      const to = await generateKeyPairSigner();
      const wire = await signedTransaction(chain.rpc, from, [getTransferSolInstruction({ source: from, destination: to.address, amount: lamports(1_000_000_000n) })]);
      const signature = signatureOf(wire);
      const { result: id } = await client.call('signatureSubscribe', [signature, { commitment: 'confirmed', enableReceivedNotification: true }]);
      expect(typeof id).toBe('number');
      expect((await send(wire)).json.result).toBe(signature);
      const slot = Number(await statusSlot(signature));
      expect(await client.notification(id)).toEqual({
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: { result: { context: { slot }, value: 'receivedSignature' }, subscription: id },
      });
      expect(await client.notification(id)).toEqual({ jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot }, value: { err: null } }, subscription: id } });
      // agave removes a signature subscription once notified: unsubscribing it afterwards is an unknown id.
      expect(await client.call('signatureUnsubscribe', [id])).toEqual({ jsonrpc: '2.0', id: expect.any(Number), error: { code: -32602, message: 'Invalid subscription id.' } });
    } finally {
      await client.close();
    }
  });

  it('notifies a failed transaction’s error, and a transaction that landed before the subscription at the next slot', async () => {
    const client = await connectPubsub(chain.server.pubsubUrl);
    try {
      const from = await devSigner(1);
      const tooMuch = await signedTransaction(chain.rpc, from, [getTransferSolInstruction({ source: from, destination: address(SOLANA_DEV_ACCOUNTS[0]!.address), amount: 10n ** 15n })]);
      const failed = signatureOf(tooMuch);
      const { result: failedId } = await client.call('signatureSubscribe', [failed]);
      await send(tooMuch, true);
      expect((await client.notification(failedId)).params.result.value).toEqual({ err: { InstructionError: [0, { Custom: 1 }] } });

      const wire = await signedTransaction(chain.rpc, from, [getTransferSolInstruction({ source: from, destination: address(SOLANA_DEV_ACCOUNTS[0]!.address), amount: 1n })]);
      await send(wire);
      const { result: lateId } = await client.call('signatureSubscribe', [signatureOf(wire)]);
      const late = await client.notification(lateId);
      expect(late.params.result).toEqual({ context: { slot: Number(await statusSlot(signatureOf(wire))) }, value: { err: null } });
    } finally {
      await client.close();
    }
  });
});

describe('accountSubscribe and programSubscribe', () => {
  it('notifies each change of an account in the asked encoding (binary by default), and a closed account as agave’s default account', async () => {
    const client = await connectPubsub(chain.server.pubsubUrl);
    try {
      const from = await devSigner(2);
      const owner = await generateKeyPairSigner();
      const { result: binaryId } = await client.call('accountSubscribe', [owner.address]);
      const { result: base64Id } = await client.call('accountSubscribe', [owner.address, { encoding: 'base64', commitment: 'finalized' }]);
      await send(await signedTransaction(chain.rpc, from, [getTransferSolInstruction({ source: from, destination: owner.address, amount: lamports(1_000_000_000n) })]));
      const slot = Number((await chain.rpc.getSignaturesForAddress(owner.address, { limit: 1 }).send())[0]!.slot);
      const account = { executable: false, lamports: 1_000_000_000, owner: '11111111111111111111111111111111', rentEpoch: 18446744073709551615, space: 0 };
      expect(await client.notification(binaryId)).toEqual({
        jsonrpc: '2.0',
        method: 'accountNotification',
        params: { result: { context: { slot }, value: { ...account, data: '' } }, subscription: binaryId },
      });
      expect((await client.notification(base64Id)).params.result.value).toEqual({ ...account, data: ['', 'base64'] });

      // The owner sends everything it has: the account is gone (lamports 0), notified as agave's default account.
      await send(await signedTransaction(chain.rpc, owner, [getTransferSolInstruction({ source: owner, destination: from.address, amount: lamports(1_000_000_000n - 5000n) })]));
      const closed = { data: '', executable: false, lamports: 0, owner: '11111111111111111111111111111111', rentEpoch: 0, space: 0 };
      expect((await client.notification(binaryId)).params.result.value).toEqual(closed);
    } finally {
      await client.close();
    }
  });

  it('programSubscribe notifies the program’s accounts that pass the filters, jsonParsed for SPL tokens', async () => {
    const client = await connectPubsub(chain.server.pubsubUrl);
    try {
      const from = await devSigner(3);
      const owner = await generateKeyPairSigner();
      const [ata] = await findAssociatedTokenPda({ owner: owner.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
      // Token accounts (165 bytes) whose owner (bytes 32–63) is `owner`.
      const ownerFilter = { memcmp: { offset: 32, bytes: owner.address } };
      const { result: id } = await client.call('programSubscribe', [TOKEN_PROGRAM_ADDRESS, { encoding: 'jsonParsed', filters: [{ dataSize: 165 }, ownerFilter] }]);
      const { result: mintsOnly } = await client.call('programSubscribe', [TOKEN_PROGRAM_ADDRESS, { encoding: 'base64', filters: [{ dataSize: 82 }, ownerFilter] }]);
      await send(
        await signedTransaction(chain.rpc, from, [
          getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata, owner: owner.address, mint }),
          getTransferCheckedInstruction({ source: address(SOLANA_DEV_ACCOUNTS[3]!.pusdTokenAccount), mint, destination: ata, authority: from, amount: 2_500_000n, decimals: 6 }),
        ]),
      );
      const notification = await client.notification(id);
      expect(notification.method).toBe('programNotification');
      expect(notification.params.result.value.pubkey).toBe(ata);
      expect(notification.params.result.value.account).toMatchObject({
        owner: TOKEN_PROGRAM_ADDRESS,
        space: 165,
        data: { program: 'spl-token', parsed: { type: 'account', info: { owner: owner.address, mint: PUSD_MINT.address, tokenAmount: { amount: '2500000', uiAmountString: '2.5' } } }, space: 165 },
      });
      // The dev account's own token account changed too, but its owner is not `owner`; nothing is a mint here.
      await sleep(300);
      expect(client.inbox.filter((m) => m.params?.subscription === id || m.params?.subscription === mintsOnly)).toEqual([]);
      const tooMany = await client.call('programSubscribe', [TOKEN_PROGRAM_ADDRESS, { filters: Array.from({ length: 5 }, () => ({ dataSize: 165 })) }]);
      expect(tooMany.error).toEqual({ code: -32602, message: 'Invalid params: 1.filters: Too many filters provided; max 4' });
      const longBytes = await client.call('programSubscribe', [TOKEN_PROGRAM_ADDRESS, { filters: [{ memcmp: { offset: 0, bytes: Buffer.alloc(129).toString('base64'), encoding: 'base64' } }] }]);
      expect(longBytes.error.message).toBe('Invalid params: 1.filters.0.memcmp: memcmp bytes are at most 128 bytes, not 129');
      const notBase58 = await client.call('programSubscribe', [TOKEN_PROGRAM_ADDRESS, { filters: [{ memcmp: { offset: 0, bytes: '0OIl' } }] }]);
      expect(notBase58.error.message).toBe('Invalid params: 1.filters.0.memcmp: memcmp bytes are not base58');
      const neither = await client.call('programSubscribe', [TOKEN_PROGRAM_ADDRESS, { filters: ['tokenAccountState'] }]);
      expect(neither.error.message).toBe('Invalid params: 1.filters.0: a filter is { dataSize } or { memcmp: { offset, bytes, encoding? } }');
    } finally {
      await client.close();
    }
  });
});

describe('logsSubscribe and slotSubscribe', () => {
  it('notifies the logs of every transaction, or of those that mention an address', async () => {
    const client = await connectPubsub(chain.server.pubsubUrl);
    try {
      const from = await devSigner(0);
      const to = await generateKeyPairSigner();
      const { result: allId } = await client.call('logsSubscribe', ['all']);
      const { result: mentionsId } = await client.call('logsSubscribe', [{ mentions: [to.address] }, { commitment: 'processed' }]);
      const wire = await signedTransaction(chain.rpc, from, [getTransferSolInstruction({ source: from, destination: to.address, amount: lamports(1_000_000_000n) })]);
      await send(wire);
      const slot = Number(await statusSlot(signatureOf(wire)));
      const logs = ['Program 11111111111111111111111111111111 invoke [1]', 'Program 11111111111111111111111111111111 success'];
      const expected = (subscription: number) => ({
        jsonrpc: '2.0',
        method: 'logsNotification',
        params: { result: { context: { slot }, value: { signature: signatureOf(wire), err: null, logs } }, subscription },
      });
      expect(await client.next((m) => m.params?.subscription === allId && m.params.result.value.signature === signatureOf(wire))).toEqual(expected(allId));
      expect(await client.notification(mentionsId)).toEqual(expected(mentionsId));
      const two = await client.call('logsSubscribe', [{ mentions: [to.address, from.address] }]);
      expect(two.error).toEqual({ code: -32602, message: 'Invalid params: 0.mentions: Invalid Request: Only 1 address supported' });
      expect(await client.call('logsUnsubscribe', [allId])).toMatchObject({ result: true });
    } finally {
      await client.close();
    }
  });

  it('notifies every slot as { slot, parent, root } until unsubscribed', async () => {
    const client = await connectPubsub(chain.server.pubsubUrl);
    try {
      const { result: id } = await client.call('slotSubscribe');
      const first = await client.notification(id);
      expect(first.method).toBe('slotNotification');
      const { slot, parent, root } = first.params.result;
      expect(Object.keys(first.params.result).sort()).toEqual(['parent', 'root', 'slot']);
      expect([parent, root]).toEqual([slot - 1, slot]);
      // The next one (slot + 1, unless this busy machine paused the timer for longer than a slot).
      expect((await client.notification(id)).params.result.slot).toBeGreaterThan(slot);
      expect(await client.call('slotUnsubscribe', [id])).toMatchObject({ result: true });
      client.inbox.length = 0;
      await sleep(300);
      expect(client.inbox).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('JSON-RPC over PubSub', () => {
  it('answers batches, errors and unknown methods, and sends nothing for notifications such as the clients’ ping', async () => {
    const client = await connectPubsub(chain.server.pubsubUrl);
    try {
      client.ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' }));
      client.ws.send(JSON.stringify([{ jsonrpc: '2.0', id: 'a', method: 'accountSubscribe', params: [SOLANA_DEV_ACCOUNTS[0]!.address] }, { jsonrpc: '2.0', method: 'ping' }, { jsonrpc: '2.0', id: 'b', method: 'blockSubscribe', params: ['all'] }]));
      const batch = await client.next(Array.isArray);
      expect(batch).toEqual([
        { jsonrpc: '2.0', id: 'a', result: expect.any(Number) },
        { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'Method not found' } },
      ]);
      client.ws.send('{"jsonrpc":');
      expect(await client.next((m) => m.error?.code === -32700)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      expect((await client.call('accountSubscribe', ['not-an-address'])).error).toEqual({ code: -32602, message: 'Invalid params: 0: must be a base58 address (32 bytes)' });
      expect((await client.call('accountSubscribe', [SOLANA_DEV_ACCOUNTS[0]!.address, { encoding: 'base64+zstd' }])).error.message).toMatch(/^Invalid params: 1\.encoding: encoding must be/);
      expect(client.inbox).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('refuses to end another connection’s subscription (an attacker guessing ids), which keeps its notifications', async () => {
    const owner = await connectPubsub(chain.server.pubsubUrl);
    const attacker = await connectPubsub(chain.server.pubsubUrl);
    try {
      const { result: id } = await owner.call('slotSubscribe');
      expect(await attacker.call('slotUnsubscribe', [id])).toMatchObject({ error: { code: -32602, message: 'Invalid subscription id.' } });
      await owner.notification(id);
      owner.inbox.length = 0;
      expect((await owner.notification(id)).method).toBe('slotNotification');
    } finally {
      await Promise.all([owner.close(), attacker.close()]);
    }
  });
});

describe('PubSub limits', () => {
  it(`accepts ${PUBSUB_MAX_CONNECTIONS} connections and refuses one more (503) until one closes`, async () => {
    const { server } = await startChain();
    const clients = await Promise.all(Array.from({ length: PUBSUB_MAX_CONNECTIONS }, () => connectPubsub(server.pubsubUrl)));
    try {
      expect(await upgradeStatus(server.pubsubUrl)).toBe(503);
      await clients.pop()!.close();
      expect(await upgradeStatus(server.pubsubUrl)).toBe(101);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await server.stop();
    }
  });

  it(`holds at most ${PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection`, async () => {
    const client = await connectPubsub(chain.server.pubsubUrl);
    try {
      const quiet = (await generateKeyPairSigner()).address;
      const ids: number[] = [];
      for (let sent = 0; sent < PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION; sent += 100) {
        const batch = Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: `s${sent + i}`, method: 'accountSubscribe', params: [quiet] }));
        client.ws.send(JSON.stringify(batch));
        ids.push(...(await client.next(Array.isArray)).map((reply: any) => reply.result));
      }
      expect(ids.every((id) => typeof id === 'number')).toBe(true);
      const refused = await client.call('accountSubscribe', [quiet]);
      expect(refused.error).toEqual({
        code: -32603,
        message: `Internal Error: Subscription refused. Node subscription limit reached (at most ${PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION} per connection)`,
      });
      // Another connection has its own allowance; freeing one here allows one more.
      const other = await connectPubsub(chain.server.pubsubUrl);
      expect(typeof (await other.call('slotSubscribe')).result).toBe('number');
      await other.close();
      expect(await client.call('accountUnsubscribe', [ids[0]])).toMatchObject({ result: true });
      expect(typeof (await client.call('accountSubscribe', [quiet])).result).toBe('number');
    } finally {
      await client.close();
    }
  });

  it(`answers a frame of ${PUBSUB_MAX_FRAME_BYTES} bytes and closes the connection on a bigger one (1009)`, async () => {
    const client = await connectPubsub(chain.server.pubsubUrl);
    const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' });
    client.ws.send(request + ' '.repeat(PUBSUB_MAX_FRAME_BYTES - request.length));
    expect(typeof (await client.next((m) => m.id === 1)).result).toBe('number');
    const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
    client.ws.send(request + ' '.repeat(PUBSUB_MAX_FRAME_BYTES + 1 - request.length));
    expect(await closed).toBe(1009);
  });

  it('pings its clients and drops one that stops answering', async () => {
    const server = await startSolanaRpc({ port: 0, pubsubPingIntervalMs: 50 });
    try {
      const live = await connectPubsub(server.pubsubUrl);
      let pings = 0;
      live.ws.on('ping', () => pings++);
      const silent = await connectPubsub(server.pubsubUrl, { autoPong: false });
      const dropped = new Promise<number>((resolve) => silent.ws.once('close', (code) => resolve(code)));
      expect(await dropped).toBe(1006);
      await sleep(200);
      expect(live.ws.readyState).toBe(live.ws.OPEN);
      expect(pings).toBeGreaterThan(2);
      await live.close();
    } finally {
      await server.stop();
    }
  });

  it(`cuts off a client that stops reading once ${PUBSUB_MAX_BUFFERED_BYTES} bytes wait for it`, async () => {
    const { server } = await startChain({ development: true });
    try {
      const watched = (await generateKeyPairSigner()).address;
      const reader = await connectPubsub(server.pubsubUrl);
      for (let sent = 0; sent < PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION; sent += 100) {
        reader.ws.send(JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: sent + i, method: 'accountSubscribe', params: [watched] }))));
        await reader.next(Array.isArray);
      }
      const closed = new Promise<number>((resolve) => reader.ws.once('close', (code) => resolve(code)));
      // The client stops reading; each airdrop to the watched account sends it 1000 notifications (~250 kB), which pile
      // up in the kernel's socket buffers (a few MB), then in the server.
      const socket = (reader.ws as unknown as { _socket: import('node:net').Socket })._socket;
      socket.pause();
      for (let i = 1; i <= 100; i++) await post(server.url, { jsonrpc: '2.0', id: i, method: 'requestAirdrop', params: [watched, 1_000_000_000 + i] });
      socket.resume();
      expect(await closed).toBe(1006);
      // The server itself is fine.
      const other = await connectPubsub(server.pubsubUrl);
      expect(typeof (await other.call('slotSubscribe')).result).toBe('number');
      await other.close();
    } finally {
      await server.stop();
    }
  });
});

describe('PubSub Host and Origin checks', () => {
  it('refuses a Host that is not loopback (DNS rebinding), a path other than /, and browser pages outside the CORS origins', async () => {
    const port = new URL(chain.server.pubsubUrl).port;
    expect(await upgradeStatus(chain.server.pubsubUrl, { headers: { host: `evil.example:${port}` } })).toBe(403);
    expect(await upgradeStatus(`${chain.server.pubsubUrl}/other`)).toBe(404);
    // Production mode lists no origins: a page anywhere is refused; clients that are not browsers send no Origin.
    expect(await upgradeStatus(chain.server.pubsubUrl, { origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(chain.server.pubsubUrl, { origin: 'http://localhost:3000' })).toBe(403);
    expect(await upgradeStatus(chain.server.pubsubUrl)).toBe(101);
    const plain = await fetch(chain.server.pubsubUrl.replace('ws:', 'http:'));
    expect([plain.status, await plain.text()]).toEqual([426, 'Solana PubSub: connect with a WebSocket']);
  });

  it('lets in the listed origins, or any origin in development mode without a list', async () => {
    const listed = await startSolanaRpc({ port: 0, development: true, corsOrigins: ['http://localhost:3010'] });
    const open = await startSolanaRpc({ port: 0, development: true });
    try {
      expect(await upgradeStatus(listed.pubsubUrl, { origin: 'http://localhost:3010' })).toBe(101);
      expect(await upgradeStatus(listed.pubsubUrl, { origin: 'http://localhost:9999' })).toBe(403);
      expect(await upgradeStatus(open.pubsubUrl, { origin: 'http://localhost:9999' })).toBe(101);
    } finally {
      await Promise.all([listed.stop(), open.stop()]);
    }
  });
});
