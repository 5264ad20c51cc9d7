import { describe, expect, it } from '@rstest/core';
import { createMemoryStorage, type KeyValueStorage } from '../src/index';
import { STORAGE_KEYS, createPorticoStorage } from '../src/storage';
import { STORAGE_PREFIX } from '../src/constants';

describe('Portico storage', () => {
  it('round-trips values under the shared prefix', () => {
    const backend = createMemoryStorage();
    const storage = createPorticoStorage(backend);
    storage.set('connectedConnectorIds', { eip155: 'io.metamask' });
    storage.set('activeCaipNetworkId', 'eip155:1');
    expect(storage.get('connectedConnectorIds')).toEqual({ eip155: 'io.metamask' });
    expect(storage.get('activeCaipNetworkId')).toBe('eip155:1');
    expect(backend.getItem(`${STORAGE_PREFIX}active_caip_network_id`)).toBe('"eip155:1"');
    for (const key of Object.values(STORAGE_KEYS)) expect(key.startsWith(STORAGE_PREFIX)).toBe(true);
    storage.remove('activeCaipNetworkId');
    expect(storage.get('activeCaipNetworkId')).toBeUndefined();
  });

  it('reads absent keys as undefined', () => {
    expect(createPorticoStorage(createMemoryStorage()).get('recentWallets')).toBeUndefined();
  });

  it('reads corrupt JSON as undefined', () => {
    const backend = createMemoryStorage();
    backend.setItem(STORAGE_KEYS.connectedConnectorIds, '{not json');
    backend.setItem(STORAGE_KEYS.recentWallets, '');
    const storage = createPorticoStorage(backend);
    expect(storage.get('connectedConnectorIds')).toBeUndefined();
    expect(storage.get('recentWallets')).toBeUndefined();
  });

  it('reads values of the wrong shape as undefined', () => {
    const backend = createMemoryStorage();
    backend.setItem(STORAGE_KEYS.connectedConnectorIds, JSON.stringify(['io.metamask']));
    backend.setItem(STORAGE_KEYS.connectedNamespaces, JSON.stringify('eip155'));
    backend.setItem(STORAGE_KEYS.activeCaipNetworkId, JSON.stringify(1));
    backend.setItem(STORAGE_KEYS.recentWallets, JSON.stringify([{ id: 'a' }]));
    backend.setItem(STORAGE_KEYS.connectionStatus, JSON.stringify('maybe'));
    const storage = createPorticoStorage(backend);
    expect(storage.get('connectedConnectorIds')).toBeUndefined();
    expect(storage.get('connectedNamespaces')).toBeUndefined();
    expect(storage.get('activeCaipNetworkId')).toBeUndefined();
    expect(storage.get('recentWallets')).toBeUndefined();
    expect(storage.get('connectionStatus')).toBeUndefined();
  });

  it('never throws when the backend throws', () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const storage = createPorticoStorage(throwing);
    expect(storage.get('connectionStatus')).toBeUndefined();
    expect(() => storage.set('connectionStatus', 'connected')).not.toThrow();
    expect(() => storage.remove('connectionStatus')).not.toThrow();
    expect(() => storage.addRecentWallet({ id: 'a', name: 'A' })).not.toThrow();
  });

  it('keeps 2 recent wallets, most recent first, without duplicates', () => {
    const storage = createPorticoStorage(createMemoryStorage());
    storage.addRecentWallet({ id: 'a', name: 'A' });
    storage.addRecentWallet({ id: 'b', name: 'B' });
    expect(storage.get('recentWallets')).toEqual([
      { id: 'b', name: 'B' },
      { id: 'a', name: 'A' },
    ]);
    storage.addRecentWallet({ id: 'c', name: 'C' });
    expect(storage.get('recentWallets')).toEqual([
      { id: 'c', name: 'C' },
      { id: 'b', name: 'B' },
    ]);
    storage.addRecentWallet({ id: 'b', name: 'B' });
    expect(storage.get('recentWallets')).toEqual([
      { id: 'b', name: 'B' },
      { id: 'c', name: 'C' },
    ]);
  });

  it('memory storage behaves like Web Storage', () => {
    const memory = createMemoryStorage();
    expect(memory.getItem('x')).toBeNull();
    memory.setItem('x', '1');
    expect(memory.getItem('x')).toBe('1');
    memory.removeItem('x');
    expect(memory.getItem('x')).toBeNull();
  });
});
