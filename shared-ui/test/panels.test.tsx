import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { ErrorPanel, LoadingPanel, SkeletonRows } from '../src/panels';

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
  it('draws the asked number of list rows, hidden from screen readers, and says only its label', () => {
    const { container } = render(<SkeletonRows rows={6} label="Loading wallets…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading wallets…');
    const rows = container.querySelectorAll('.portico-list > .portico-list-item');
    expect(rows).toHaveLength(6);
    expect(rows[0]!.closest('[aria-hidden="true"]')).toBeTruthy();
    cleanup();
    const plain = render(<SkeletonRows />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(plain.container.querySelectorAll('.portico-list-item')).toHaveLength(4);
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
