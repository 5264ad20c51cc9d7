// Small helpers every part of the bench uses: timeouts on each step, and the modal's roles.
import type { Page } from '@playwright/test';

/** How long one step (a navigation, a click, a target appearing) may take. */
export const STEP_TIMEOUT_MS = 20_000;

/**
 * Idle time after the load event before the first click (the shell's idle prefetch has its chance), per profile: on
 * the phone profile's 1.6 Mbit/s the prefetch (~125 KiB gz) alone takes about a second, and a visitor on a phone
 * reads a page for a few seconds before tapping.
 */
export const IDLE_AFTER_LOAD_MS = { desktop: 2000, phone: 5000 } as const;

/**
 * Time after the cold open before the heap is read again: the Connect view preloads the WalletConnect client once it
 * has painted, and that lands after the first reading. The page keeps that heap for as long as the modal is open.
 */
export const SETTLE_AFTER_OPEN_MS = 2000;

export function sleep(ms: number) {
  return new Promise<void>((r) => setTimeout(r, ms));
}

export async function withTimeout<T>(what: string, p: Promise<T>, ms = STEP_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const dialog = (page: Page, name?: string) => (name ? page.getByRole('dialog', { name, exact: true }) : page.getByRole('dialog'));
export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
