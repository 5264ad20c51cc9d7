import { describe, expect, it } from '@rstest/core';
import { DEPLOYMENT_FILE, loadDeployment, MAX_DEPLOYMENT_BYTES, parseDeployment, withDeployment } from '../src/deployment';
import { InvalidOptionsError } from '../src/errors';
import type { PorticoOptionsInput } from '../src/options';
import { minimalOptions } from '@portico/test-kit';

const DEPLOYMENT = {
  version: 1,
  remotes: { connect: 'https://cdn.example/connect/remoteEntry.js', account: 'https://cdn.example/account/remoteEntry.js' },
  apiUrl: 'https://api.example',
  walletConnect: { relayUrl: 'wss://relay.example', verify: false },
  embeddedWallet: { url: 'https://wallet.example/' },
} as const;

/** A fetch that answers every request with `body` and `status`, and records the URLs asked for. */
function serving(body: string, status = 200) {
  const asked: string[] = [];
  const fetcher = (async (url: URL | string) => {
    asked.push(String(url));
    return new Response(status === 404 ? 'not found' : body, { status });
  }) as typeof fetch;
  return { fetcher, asked };
}

async function refusal(promise: Promise<unknown>): Promise<InvalidOptionsError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidOptionsError);
  return error as InvalidOptionsError;
}

describe('the deployment file', () => {
  it('is read from beside the shell, with or without the base’s trailing slash', async () => {
    for (const base of ['https://cdn.example/portico', 'https://cdn.example/portico/']) {
      const { fetcher, asked } = serving(JSON.stringify(DEPLOYMENT));
      expect(await loadDeployment(base, fetcher)).toEqual(DEPLOYMENT);
      expect(asked).toEqual([`https://cdn.example/portico/${DEPLOYMENT_FILE}`]);
    }
  });

  it('absent (404) means no defaults', async () => {
    expect(await loadDeployment('https://cdn.example/', serving('', 404).fetcher)).toBeUndefined();
  });

  it('refuses what is not a deployment description, naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...DEPLOYMENT, version: 2 }, 'version'],
      [{ ...DEPLOYMENT, apiUrl: 'javascript:alert(1)' }, 'apiUrl: must be an http(s) URL'],
      [{ ...DEPLOYMENT, remotes: { connect: 'data:text/javascript,1' } }, 'remotes.connect'],
      [{ ...DEPLOYMENT, remotes: { evil: 'https://cdn.example/evil.js' } }, 'remotes'],
      [{ ...DEPLOYMENT, walletConnect: { relayUrl: 'https://relay.example' } }, 'walletConnect.relayUrl: must be a ws(s) URL'],
      [{ ...DEPLOYMENT, siwx: {} }, 'file'],
    ];
    for (const [input, field] of cases) {
      const error = await refusal(loadDeployment('https://cdn.example/', serving(JSON.stringify(input)).fetcher));
      expect(error.field).toBe(DEPLOYMENT_FILE);
      expect(error.message).toContain(field === 'file' ? DEPLOYMENT_FILE : field);
    }
    expect(() => parseDeployment(null)).toThrow(InvalidOptionsError);
  });

  it('refuses a file that is not JSON, an error status, and one over the size limit', async () => {
    expect((await refusal(loadDeployment('https://cdn.example/', serving('<html>').fetcher))).message).toContain('not JSON');
    expect((await refusal(loadDeployment('https://cdn.example/', serving('{}', 500).fetcher))).message).toContain('HTTP 500');
    const padded = JSON.stringify({ ...DEPLOYMENT, pad: 'x'.repeat(MAX_DEPLOYMENT_BYTES) });
    expect((await refusal(loadDeployment('https://cdn.example/', serving(padded).fetcher))).message).toContain(`larger than ${MAX_DEPLOYMENT_BYTES} bytes`);
    const justUnder = JSON.stringify(DEPLOYMENT).padEnd(MAX_DEPLOYMENT_BYTES, ' ');
    expect(await loadDeployment('https://cdn.example/', serving(justUnder).fetcher)).toEqual(DEPLOYMENT);
  });
});

describe('withDeployment: the host’s options over the deployment’s', () => {
  it('fills what the host left out', () => {
    const options = withDeployment(minimalOptions(), parseDeployment(DEPLOYMENT));
    expect(options).toMatchObject({
      remotes: DEPLOYMENT.remotes,
      apiUrl: DEPLOYMENT.apiUrl,
      walletConnect: DEPLOYMENT.walletConnect,
      embeddedWallet: DEPLOYMENT.embeddedWallet,
      projectId: 'test-project',
    });
  });

  it('keeps what the host gave, remote by remote', () => {
    const host: PorticoOptionsInput = minimalOptions({
      remotes: { connect: 'https://mine.example/connect/remoteEntry.js' },
      apiUrl: 'https://my-api.example',
      walletConnect: { relayUrl: 'wss://my-relay.example' },
      embeddedWallet: { url: 'https://my-wallet.example/' },
    });
    const options = withDeployment(host, parseDeployment(DEPLOYMENT));
    expect(options.remotes).toEqual({ ...DEPLOYMENT.remotes, connect: 'https://mine.example/connect/remoteEntry.js' });
    expect(options.apiUrl).toBe('https://my-api.example');
    expect(options.walletConnect).toEqual({ relayUrl: 'wss://my-relay.example' });
    expect(options.embeddedWallet).toEqual({ url: 'https://my-wallet.example/' });
  });

  it('a host that names its own cdnBase for the remotes keeps it', () => {
    const host: PorticoOptionsInput = minimalOptions({ cdnBase: 'https://mine.example/remotes' });
    const options = withDeployment(host, parseDeployment(DEPLOYMENT));
    expect(options.remotes).toBeUndefined();
    expect(options.cdnBase).toBe('https://mine.example/remotes');
  });
});
