import { expect, test } from '@rstest/core';
import { version } from '@wagmi/core';

declare const __WAGMI_CORE__: string;

test('runs against the @wagmi/core release its project names', () => {
  if (__WAGMI_CORE__ === '3.x') expect(version).toMatch(/^3\./);
  else expect(version).toBe(__WAGMI_CORE__);
});
