import { nftsAtom, type Nft, type PorticoCore } from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { EmptyState, Loading } from './Loading';

/** NFTs tab: the account's NFTs as a grid of images with name and collection. */
export function NftsPanel({ portico, caipAddress }: { portico: PorticoCore; caipAddress: string }) {
  const nfts = useAtomValue(nftsAtom);
  const available = portico.options.apiUrl !== undefined;

  useEffect(() => {
    void portico.accountData.refreshNfts();
  }, [portico, caipAddress]);

  if (!available) return <EmptyState>NFTs are unavailable for this site</EmptyState>;
  const current = nfts.caipAddress === caipAddress;
  if (current && nfts.error && !nfts.loading) {
    return (
      <div className="portico-panel" role="alert">
        <p className="portico-error-text">Could not load NFTs</p>
        <p className="portico-muted">{nfts.error}</p>
        <button type="button" className="portico-button portico-button-secondary" onClick={() => void portico.accountData.refreshNfts()}>
          Retry
        </button>
      </div>
    );
  }
  if (!current || (nfts.loading && nfts.items.length === 0)) return <Loading label="Loading NFTs…" />;
  if (nfts.items.length === 0) return <EmptyState>No NFTs yet</EmptyState>;

  return (
    <ul
      className="portico-wallet-grid"
      role="list"
      aria-label="NFTs"
      aria-busy={nfts.loading}
      style={{ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', listStyle: 'none', margin: 0, padding: 0 }}
    >
      {nfts.items.map((nft) => (
        <NftTile key={`${nft.contract}:${nft.tokenId}`} nft={nft} />
      ))}
    </ul>
  );
}

function nftName(nft: Nft): string {
  return nft.name || `${nft.collection || 'NFT'} #${nft.tokenId}`;
}

function NftTile({ nft }: { nft: Nft }) {
  const [failed, setFailed] = useState(false);
  const name = nftName(nft);
  return (
    <li className="portico-wallet-tile" style={{ cursor: 'default', alignItems: 'stretch', textAlign: 'left' }}>
      {nft.imageUrl && !failed ? (
        <img
          src={nft.imageUrl}
          alt={name}
          loading="lazy"
          onError={() => setFailed(true)}
          style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 'var(--portico-radius)', background: 'var(--portico-surface-hover)' }}
        />
      ) : (
        <span
          aria-hidden="true"
          style={{ width: '100%', aspectRatio: '1', borderRadius: 'var(--portico-radius)', background: 'var(--portico-surface-hover)' }}
        />
      )}
      <span style={{ fontWeight: 600 }}>{name}</span>
      {nft.collection && <span className="portico-muted">{nft.collection}</span>}
    </li>
  );
}
