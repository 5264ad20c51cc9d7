import { describe, expect, it } from '@rstest/core';
import { createAppKit, createPortico } from '../src/index';

// Runs in plain Node (rstest project `server`): as a Next.js server renders a client component's module.
describe('on a server', () => {
  it('createAppKit and createPortico load nothing and report a fresh instance', () => {
    expect(typeof document).toBe('undefined');
    for (const handle of [createAppKit({ projectId: 'p', networks: [] }), createPortico({ projectId: 'p', networks: [] } as never)]) {
      expect(handle.getAccount()).toEqual({ allAccounts: [], isConnected: false, status: 'disconnected' });
      expect(handle.getState().initialized).toBe(false);
    }
  });

  it('take a missing project id as the shell does: no exception (the modal shows Project ID Not Configured)', () => {
    const handle = createAppKit({ projectId: '' });
    expect(handle.getState().initialized).toBe(false);
  });
});
