/**
 * The Connect view is the modal's first paint: what it imports statically loads before the wallet list shows
 * (and is prefetched at idle, so it counts in the page's bytes before the first click). The embedded wallet's
 * frame protocol (`@portico/shared-state/embedded`: zod schemas, viem, the login stores) is ~37 KiB gz it does
 * not need to draw; the social buttons' names come from `@portico/shared-state/socials`, a module without imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';

const sourceDir = join(__dirname, '../src');
const sourceFiles = (readdirSync(sourceDir, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));

describe('Connect remote imports', () => {
  it.each(sourceFiles)('%s imports no part of the embedded wallet statically', (file) => {
    const source = readFileSync(join(sourceDir, file), 'utf8');
    expect(source).not.toMatch(/^import [^;]*from '@portico\/shared-state\/embedded'/m);
  });

  it('finds the remote’s sources', () => {
    expect(sourceFiles).toEqual(expect.arrayContaining(['views/Connect.tsx', 'components/SocialButtons.tsx']));
  });
});
