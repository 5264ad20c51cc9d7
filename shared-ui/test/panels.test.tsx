import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { ErrorPanel, LoadingPanel, Skeleton, SkeletonRow, SkeletonRows } from '../src/panels';

afterEach(cleanup);

describe('LoadingPanel', () => {
  it('is a status saying Loading… unless given another label', () => {
    render(<LoadingPanel />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    cleanup();
    render(<LoadingPanel label="Loading tokens…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading tokens…');
  });
});

describe('SkeletonRows', () => {
  it('is a busy list of the asked number of rows, drawn but not read, whose status is its label', () => {
    render(<SkeletonRows rows={6} label="Loading tokens…" listLabel="Tokens" />);
    expect(screen.getByRole('status').textContent).toBe('Loading tokens…');
    const list = screen.getByRole('list', { name: 'Tokens' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(list).getAllByRole('listitem', { hidden: true })).toHaveLength(6);
    cleanup();
    render(<SkeletonRows />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getAllByRole('listitem', { hidden: true })).toHaveLength(4);
  });
});

describe('SkeletonRow', () => {
  it('is a hidden list row of an icon and a line, with a second line and an end value when asked', () => {
    render(
      <ul aria-label="Wallets">
        <SkeletonRow />
        <SkeletonRow detail end round />
      </ul>,
    );
    expect(within(screen.getByRole('list', { name: 'Wallets' })).queryAllByRole('listitem')).toHaveLength(0);
    const [plain, full] = screen.getAllByRole('listitem', { hidden: true });
    expect(plain!.getAttribute('aria-hidden')).toBe('true');
    expect(plain!.querySelectorAll('[aria-hidden="true"]')).toHaveLength(2);
    expect(full!.querySelectorAll('[aria-hidden="true"]')).toHaveLength(4);
  });

  it('Skeleton is one shape, never read', () => {
    const { container } = render(<p>Balance <Skeleton shape="short" /></p>);
    expect(container.textContent).toBe('Balance ');
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('ErrorPanel', () => {
  it('announces the message and offers Retry only when asked', () => {
    const retry = rs.fn();
    render(<ErrorPanel message="The connect feature could not be loaded." onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe('The connect feature could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    cleanup();
    render(<ErrorPanel message="Unknown view" />);
    expect(screen.getByRole('alert').textContent).toBe('Unknown view');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('puts the detail in the alert and names the button as asked', () => {
    render(<ErrorPanel message="Could not load NFTs" detail="API down" onRetry={() => {}} retryLabel="Try again" />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load NFTsAPI down');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
