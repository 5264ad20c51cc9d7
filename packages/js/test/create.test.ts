import { describe, expect, it } from '@rstest/core';
import { createAppKit, createPortico, DEFAULT_CDN_BASE } from '../src/index';
import { deploymentBase } from '../src/load-shell';

const NOT_CONFIGURED = 'Project ID Not Configured: pass the projectId your Portico operator gave you';

describe('createPortico / createAppKit', () => {
  it('refuse to start without a project id, saying where one comes from', () => {
    expect(() => createPortico({ networks: [] } as never)).toThrow(NOT_CONFIGURED);
    expect(() => createAppKit({ projectId: '' })).toThrow(NOT_CONFIGURED);
  });

  it('default to the deployment the package was packed for', () => {
    expect(DEFAULT_CDN_BASE).toBe('https://cdn.example/portico/');
  });

  it('read the deployment from its folder: a trailing slash is added, a relative base is the page’s', () => {
    expect(deploymentBase('https://cdn.example/portico')).toBe('https://cdn.example/portico/');
    expect(deploymentBase('https://cdn.example/portico/')).toBe('https://cdn.example/portico/');
    expect(deploymentBase('/portico')).toBe(new URL('/portico/', document.baseURI).href);
  });
});
