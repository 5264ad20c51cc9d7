import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@rstest/core';

const json = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('versions follow the shell contract', () => {
  it('each host package’s major version is shared-state’s porticoContract', () => {
    const contract = json('../../../shared-state/package.json').porticoContract;
    for (const name of ['js', 'react', 'wagmi']) {
      const { version } = json(`../../${name}/package.json`) as { version: string };
      expect(Number(version.split('.')[0]), `packages/${name}`).toBe(contract);
    }
  });
});
