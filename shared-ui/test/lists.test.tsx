import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { useState } from 'react';
import { ListItem } from '../src/list-item';
import { Tabs } from '../src/tabs';
import { WalletIcon, WalletTile } from '../src/wallet';

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
