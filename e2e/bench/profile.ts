// Device profiles of `pnpm bench:connect --profile`: the throttling the Chrome DevTools Protocol applies to every page
// of a run (Portico's and the baselines'), and the CDP session each page keeps for its figures (script time).
import type { CDPSession, Page } from '@playwright/test';

export type ProfileName = 'desktop' | 'phone';

interface Throttling {
  /** CPU slowdown factor (Emulation.setCPUThrottlingRate). */
  cpuSlowdown: number;
  latencyMs: number;
  downloadKbitPerS: number;
  uploadKbitPerS: number;
}

/** A mid-range phone as issue 33 measured it: 4× CPU slowdown, 150 ms latency, 1.6 Mbit/s down. */
export const PROFILES: Record<ProfileName, Throttling | undefined> = {
  desktop: undefined,
  phone: { cpuSlowdown: 4, latencyMs: 150, downloadKbitPerS: 1600, uploadKbitPerS: 750 },
};

/**
 * Applies the profile to a new page (before its first navigation) and returns the page's CDP session, which must stay
 * attached for the throttling to last and reads the page's script time.
 */
export async function profilePage(page: Page, profile: ProfileName): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const throttling = PROFILES[profile];
  if (throttling) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttling.latencyMs,
      downloadThroughput: (throttling.downloadKbitPerS * 1000) / 8,
      uploadThroughput: (throttling.uploadKbitPerS * 1000) / 8,
    });
  }
  return cdp;
}

/** The main thread's script time so far (CDP Performance metric ScriptDuration), in ms. */
export async function scriptTimeMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const seconds = metrics.find((m) => m.name === 'ScriptDuration')?.value;
  if (seconds === undefined) throw new Error('CDP Performance.getMetrics has no ScriptDuration');
  return seconds * 1000;
}
