import { nftsAtom, type Nft, type PorticoCore } from '@portico/shared-state';
import { EmptyState, ErrorPanel, LoadingPanel } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useAccountMessages } from '../messages';

/** NFTs tab: the account's NFTs as a grid of images with name and collection. */
export function NftsPanel({ portico, caipAddress }: { portico: PorticoCore; caipAddress: string }) {
  const t = useAccountMessages();
  const nfts = useAtomValue(nftsAtom);
  const available = portico.options.apiUrl !== undefined;

  useEffect(() => {
    void portico.accountData.refreshNfts();
  }, [portico, caipAddress]);

  if (!available) return <EmptyState>{t('nfts.unavailable')}</EmptyState>;
  const current = nfts.caipAddress === caipAddress;
  if (current && nfts.error && !nfts.loading) {
    return <ErrorPanel message={t('nfts.failed')} detail={nfts.error} onRetry={() => void portico.accountData.refreshNfts()} />;
  }
  if (!current || (nfts.loading && nfts.items.length === 0)) return <LoadingPanel label={t('nfts.loading')} />;
  if (nfts.items.length === 0) return <EmptyState>{t('nfts.none')}</EmptyState>;

  return (
    <ul className="portico-nft-grid" role="list" aria-label={t('tab.nfts')} aria-busy={nfts.loading}>
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
    <li className="portico-nft-tile">
      {nft.imageUrl && !failed ? (
        <img className="portico-nft-image" src={nft.imageUrl} alt={name} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <span className="portico-nft-image" aria-hidden="true" />
      )}
      <span className="portico-nft-name">{name}</span>
      {nft.collection && <span className="portico-muted">{nft.collection}</span>}
    </li>
  );
}
