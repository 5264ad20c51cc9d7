import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@rstest/core';
import { PORTICO_CONTRACT } from '../src/contract';

describe('shared-state contract version', () => {
  it('matches porticoContract in package.json, which every remote build bakes in', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(pkg.porticoContract).toBe(PORTICO_CONTRACT);
  });
});
