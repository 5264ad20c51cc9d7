// `pnpm gallery`: every view of the modal as PNGs (dark and light, desktop and 390 px, English and Arabic) in
// <repo>/gallery/, with an index page, for reviewing the look. Same stack and browser as the e2e tests.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: './gallery',
  outputDir: './gallery-results',
  timeout: 180_000,
  workers: 1,
});
