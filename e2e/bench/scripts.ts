// The JS a page fetched, per phase of a run (before its load event, before the first click, while the
// first view was being drawn), with each body's gzip -9 size as `pnpm bench:size` counts it.
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

export interface JsRecord {
  url: string;
  beforeLoad: boolean;
  beforeClick: boolean;
  /**
   * Requested before the frame that painted the first view (markDrawn's page time; without it, arrived before
   * markDrawn): what opening fetched, with beforeClick false. What the view asks for once painted does not count.
   */
  beforeDrawn: boolean;
  raw: number;
  transferred: number;
  gzip: number;
  encoding?: string;
}

/** Records every script response of the page with the phase it arrived in. */
export function recordScripts(page: Page) {
  const phase = { loaded: false, clicked: false, drawn: false };
  /** The page's performance.now() at the start of the frame that painted the first view. */
  let drawnAt: number | undefined;
  const pending: Array<Promise<JsRecord | undefined>> = [];
  const onLoad = () => (phase.loaded = true);
  const onResponse = (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !/javascript|ecmascript/i.test(type)) return;
    if (!/^https?:/.test(response.url())) return;
    const at = { beforeLoad: !phase.loaded, beforeClick: !phase.clicked, beforeDrawn: !phase.drawn };
    pending.push(
      (async () => {
        try {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            url: response.url(),
            ...at,
            raw: body.length,
            transferred: sizes.responseBodySize,
            gzip: gzipSync(body, { level: 9 }).length,
            encoding: response.headers()['content-encoding'],
          };
        } catch {
          return undefined; // redirect or aborted: no body
        }
      })(),
    );
  };
  page.on('load', onLoad);
  page.on('response', onResponse);
  return {
    markClick: () => (phase.clicked = true),
    markDrawn: (frameAt?: number) => {
      phase.drawn = true;
      drawnAt = frameAt;
    },
    async done() {
      page.off('response', onResponse);
      page.off('load', onLoad);
      const records = (await Promise.all(pending)).filter((r): r is JsRecord => !!r);
      if (drawnAt === undefined) return records;
      // Resource Timing's request start, in the page's clock (the earliest entry of a URL).
      const requestedAt = await page.evaluate(() =>
        Object.fromEntries(performance.getEntriesByType('resource').reverse().map((entry) => [entry.name, entry.startTime])),
      );
      const drawn = drawnAt;
      return records.map((r) => (r.beforeClick ? r : { ...r, beforeDrawn: (requestedAt[r.url] ?? Infinity) < drawn }));
    },
  };
}

export function sumJs(records: JsRecord[], pick: (r: JsRecord) => boolean) {
  const rs = records.filter(pick);
  return {
    raw: rs.reduce((n, r) => n + r.raw, 0),
    transferred: rs.reduce((n, r) => n + r.transferred, 0),
    gzip: rs.reduce((n, r) => n + r.gzip, 0),
    files: rs.length,
    encoded: rs.some((r) => r.encoding && r.encoding !== 'identity'),
  };
}
