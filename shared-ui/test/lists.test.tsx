import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { useState } from 'react';
import { ListItem } from '../src/list-item';
import { Tabs } from '../src/tabs';
import { WalletIcon, WalletIconGrid, WalletTile } from '../src/wallet';

afterEach(cleanup);

describe('ListItem', () => {
  it('is a button named by its text; the tag is hidden from its name unless announced', () => {
    const select = rs.fn();
    render(
      <ul>
        <li><ListItem icon={<WalletIcon src="data:image/png;base64,AA==" />} tag="installed" onClick={select}>Portico Test Wallet</ListItem></li>
        <li><ListItem tag="Approve in wallet…" tagAnnounced aria-current>Anvil Local</ListItem></li>
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Portico Test Wallet' }));
    expect(select).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Anvil Local Approve in wallet…' }).getAttribute('aria-current')).toBe('true');
  });
});

describe('WalletTile', () => {
  it('is a button named by the wallet and takes grid attributes', () => {
    const select = rs.fn();
    render(<WalletTile name="Rainbow" image="https://registry.test/rainbow.png" lazyImage tag="installed" tabIndex={-1} data-index={3} onClick={select} />);
    const tile = screen.getByRole('button', { name: 'Rainbow' });
    expect(tile.getAttribute('data-index')).toBe('3');
    expect(tile.tabIndex).toBe(-1);
    fireEvent.click(tile);
    expect(select).toHaveBeenCalledTimes(1);
  });
});

describe('WalletIconGrid', () => {
  it('draws the first four wallets\' icons as a picture of the row, hidden from its name', () => {
    const images = ['a', 'b', 'c', 'd', 'e'].map((id) => `https://api.test/v1/images/wallet/${id}`);
    render(<ListItem icon={<WalletIconGrid images={images} />} tag="600+" tagMuted>All Wallets</ListItem>);
    const button = screen.getByRole('button', { name: 'All Wallets' });
    // Decorative (alt=""), inside a hidden picture: nothing in the button is read but its name.
    expect(screen.queryAllByRole('presentation')).toHaveLength(0);
    const drawn = screen.getAllByRole('presentation', { hidden: true });
    expect(drawn.map((image) => image.getAttribute('src'))).toEqual(images.slice(0, 4));
    expect(drawn.every((image) => image.getAttribute('alt') === '' && button.contains(image))).toBe(true);
  });

  it('keeps the grid\'s four cells with fewer icons, and draws a grid icon without any', () => {
    const { container } = render(<WalletIconGrid images={['https://api.test/v1/images/wallet/a']} />);
    const picture = container.firstElementChild!;
    expect(picture.getAttribute('aria-hidden')).toBe('true');
    expect(picture.children).toHaveLength(4);
    expect(picture.querySelectorAll('img')).toHaveLength(1);
    cleanup();
    const empty = render(<WalletIconGrid images={[]} />).container.firstElementChild!;
    expect(empty.getAttribute('aria-hidden')).toBe('true');
    expect(empty.querySelectorAll('img')).toHaveLength(0);
    expect(empty.querySelectorAll('svg rect')).toHaveLength(4);
  });
});

describe('Tabs', () => {
  function Harness() {
    const [tab, setTab] = useState<'Tokens' | 'NFTs' | 'Activity'>('Tokens');
    return (
      <Tabs label="Assets and activity" tabs={['Tokens', 'NFTs', 'Activity'] as const} selected={tab} onSelect={setTab}>
        {(selected) => <p>{selected} content</p>}
      </Tabs>
    );
  }

  it('selects by click and by arrows (wrapping), Home and End, moving focus; only the selected panel has content', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Assets and activity' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Tokens' }).textContent).toBe('Tokens content');

    fireEvent.click(screen.getByRole('tab', { name: 'NFTs' }));
    expect(screen.getByRole('tab', { name: 'NFTs' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'NFTs' }).textContent).toBe('NFTs content');

    fireEvent.keyDown(screen.getByRole('tab', { name: 'NFTs' }), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Activity' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Tokens' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Tokens' }).tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'NFTs' }).tabIndex).toBe(-1);
  });
});
