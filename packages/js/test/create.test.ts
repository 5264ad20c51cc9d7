import { describe, expect, it } from '@rstest/core';
import { DEFAULT_CDN_BASE } from '../src/index';
import { deploymentBase } from '../src/load-shell';

describe('the shell deployment createPortico and createAppKit load', () => {
  it('default to the deployment the package was packed for', () => {
    expect(DEFAULT_CDN_BASE).toBe('https://cdn.example/portico/');
  });

  it('read the deployment from its folder: a trailing slash is added, a relative base is the page’s', () => {
    expect(deploymentBase('https://cdn.example/portico')).toBe('https://cdn.example/portico/');
    expect(deploymentBase('https://cdn.example/portico/')).toBe('https://cdn.example/portico/');
    expect(deploymentBase('/portico')).toBe(new URL('/portico/', document.baseURI).href);
  });
});
