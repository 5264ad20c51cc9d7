// The embedded wallet's secure site (issue 11) in a real browser, from its own origin: embedded by
// the demo page (an allowed origin) it boots and posts READY to that origin only, and it answers a
// request over the frame protocol. (The modal's connector and email views build on this next.)
import { expect, test } from '../fixtures/test.ts';

test('embedded by an allowed page, the secure site says READY to that origin and answers GET_CHAIN_ID', async ({ page, env, urls }) => {
  await page.goto(urls.demo);
  const answers = await page.evaluate(async (secureSite) => {
    const frameOrigin = new URL(secureSite).origin;
    const frame = document.createElement('iframe');
    frame.title = 'Portico secure site';
    frame.src = `${secureSite}/?projectId=portico-demo&chainId=31337&version=1`;
    const seen: Array<{ origin: string; event: unknown; payload: unknown }> = [];
    const ready = new Promise<void>((resolve) =>
      window.addEventListener('message', (message) => {
        if (message.source !== frame.contentWindow) return;
        seen.push({ origin: message.origin, event: message.data?.event, payload: message.data?.payload });
        if (message.data?.event === '@portico-frame/READY') resolve();
      }),
    );
    document.body.append(frame);
    await ready;
    const reply = new Promise<void>((resolve) =>
      window.addEventListener('message', (message) => {
        if (message.source === frame.contentWindow && message.data?.id === 'e2eChainId1') resolve();
      }),
    );
    frame.contentWindow!.postMessage({ type: 'portico:embedded', id: 'e2eChainId1', event: '@portico-app/GET_CHAIN_ID', payload: {} }, frameOrigin);
    await reply;
    return seen;
  }, env.secureSite!);

  const secureOrigin = new URL(env.secureSite!).origin;
  expect(answers[0]).toMatchObject({ origin: secureOrigin, event: '@portico-frame/READY' });
  expect(answers.at(-1)).toMatchObject({ origin: secureOrigin, event: '@portico-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 31337 } });
  await expect(page.getByTitle('Portico secure site')).toBeAttached();
});
