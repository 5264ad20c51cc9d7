// The HTML inbox for people: escaping, no scripts or external assets, reading a message, the Host check.
import { describe, expect, it } from '@rstest/core';
import { escapeHtml } from '../src/inbox-page';
import { getJson, requestWithHost, send, withMail } from './helpers';

const HOSTILE = `<script>alert("x")</script><img src=x onerror='alert(1)'>&amp;`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;&amp;amp;';

describe('inbox page', () => {
  it('lists subject, recipient, sender and time with every value escaped, under a CSP that allows no script', async () => {
    await withMail({}, async (mail) => {
      await send(mail, { from: { name: HOSTILE, address: 'evil@example.com' }, to: { name: HOSTILE, address: 'victim@example.com' }, subject: HOSTILE, text: `${HOSTILE} body` });
      const res = await fetch(`${mail.inboxUrl}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await res.text();
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<img');
      expect(html.split(ESCAPED).length - 1).toBe(4); // subject, snippet, To, From
      expect(html).toContain('&lt;victim@example.com&gt;');
      expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/);
      expect(html).toContain('<title>Inbox (1 unread) · Portico mail</title>');
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<th scope="col">Subject</th>');
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//); // no external assets
    });
  });

  it('a message page shows its text escaped and marks it read; an unknown one is a 404 page', async () => {
    await withMail({}, async (mail) => {
      await send(mail, { to: 'reader@example.com', subject: 'Your code', text: `Your code is 654321.\n${HOSTILE}`, html: '<p>Your code is <b>654321</b></p><script>alert(1)</script>' });
      const list = await (await fetch(`${mail.inboxUrl}/`)).text();
      const link = /<a href="(\/view\/[A-Za-z0-9_-]+)">Your code<\/a> <span class="visually-hidden">\(unread\)<\/span>/.exec(list);
      expect(link).not.toBeNull();

      const res = await fetch(mail.inboxUrl + link![1]);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const page = await res.text();
      expect(page).toContain('<h1>Your code</h1>');
      expect(page).toContain(`<pre>Your code is 654321.\n${ESCAPED}</pre>`);
      expect(page).not.toContain('<script');
      expect(page).toContain('<dd>reader@example.com</dd>');
      expect((await getJson(mail, '/api/v1/messages')).body.messages[0].Read).toBe(true);
      expect(await (await fetch(`${mail.inboxUrl}/`)).text()).not.toContain('(unread)');

      const missing = await fetch(`${mail.inboxUrl}/view/AAAAAAAAAAAAAAAAAAAAAA`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('<h1>Not found</h1>');
      expect((await fetch(`${mail.inboxUrl}/view/%3Cscript%3E`)).status).toBe(404);
    });
  });

  it('an empty inbox says so; pages link to older and newer mail; bad paging is a 400', async () => {
    await withMail({}, async (mail) => {
      expect(await (await fetch(`${mail.inboxUrl}/`)).text()).toContain('No messages yet.');
      for (const n of [1, 2, 3]) await send(mail, { to: 'p@example.com', subject: `page${n}`, text: 'x' });
      const middle = await (await fetch(`${mail.inboxUrl}/?start=1&limit=1`)).text();
      expect(middle).toContain('page2');
      expect(middle).not.toContain('page3');
      expect(middle).toContain('<a href="/?start=0&amp;limit=1">Newer messages</a> · <a href="/?start=2&amp;limit=1">Older messages</a>');
      const bad = await fetch(`${mail.inboxUrl}/?limit=lots`);
      expect(bad.status).toBe(400);
      expect(await bad.text()).toBe('limit: must be a whole number from 1 to 1000000');
    });
  });

  it('answers only Host names of the loopback it listens on (no DNS rebinding)', async () => {
    await withMail({}, async (mail) => {
      for (const host of [`127.0.0.1:${mail.httpPort}`, `localhost:${mail.httpPort}`, `[::1]:${mail.httpPort}`]) {
        expect((await requestWithHost(mail, '/api/v1/messages', host)).status).toBe(200);
      }
      for (const host of [`attacker.example:${mail.httpPort}`, 'attacker.example', `127.0.0.1.attacker.example:${mail.httpPort}`]) {
        const res = await requestWithHost(mail, '/api/v1/messages', host);
        expect({ host, ...res }).toEqual({ host, status: 403, body: 'Host not allowed: open the inbox as http://127.0.0.1:<port> or http://localhost:<port>' });
      }
    });
  });

  it('escapeHtml escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
