import { describe, expect, it } from '@rstest/core';
import pkg from '../package.json';
import { PORTICO_UI_CONTRACT } from '../src/contract';

describe('UI kit contract version', () => {
  it('matches porticoUiContract in package.json, which every remote build bakes in', () => {
    expect(pkg.porticoUiContract).toBe(PORTICO_UI_CONTRACT);
  });
});
