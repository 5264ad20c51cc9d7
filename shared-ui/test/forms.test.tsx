import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { useState } from 'react';
import { AmountInput } from '../src/amount-input';
import { DetailList } from '../src/detail-list';
import { Popover } from '../src/popover';
import { RoundIcon } from '../src/round-icon';
import { StepIndicator } from '../src/step-indicator';
import { Toggle } from '../src/toggle';
import { TokenButton, TokenSheet, useTokenSheet, type TokenOption } from '../src/token-picker';

afterEach(cleanup);

const eth: TokenOption<string> = { key: 'eip155:1:native', symbol: 'ETH', name: 'Ether', balance: '10,000', value: 'eth' };
const pusd: TokenOption<string> = { key: 'eip155:1:0xp', symbol: 'PUSD', balance: '0', value: 'pusd', iconUrl: 'https://icons.test/pusd.png' };

describe('TokenButton and TokenSheet', () => {
  function Harness({ options, onSelect }: { options: TokenOption<string>[]; onSelect(value: string): void }) {
    const [picked, setPicked] = useState<string>();
    const sheet = useTokenSheet<'token'>();
    const token = options.find((option) => option.value === picked);
    return (
      <>
        {sheet.open && (
          <TokenSheet
            options={options}
            selectedKey={token?.key}
            onSelect={(value) => {
              onSelect(value);
              setPicked(value);
              sheet.close();
            }}
            onClose={sheet.close}
          />
        )}
        <div hidden={Boolean(sheet.open)}>
          <TokenButton label="Token" token={token} {...sheet.trigger('token')} />
        </div>
      </>
    );
  }

  it('the pill opens a sheet of tokens named by what they show; choosing one closes it and focus returns to the pill', () => {
    const select = rs.fn();
    render(<Harness options={[eth, pusd]} onSelect={select} />);
    fireEvent.click(screen.getByRole('button', { name: 'Token: Select token' }));
    const sheet = screen.getByRole('dialog', { name: 'Select token' });
    expect(document.activeElement).toBe(within(sheet).getByRole('searchbox', { name: 'Search tokens' }));
    expect(within(sheet).getByRole('button', { name: 'ETH Ether 10,000' })).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'PUSD 0' }));
    expect(select).toHaveBeenCalledWith('pusd');
    expect(screen.queryByRole('dialog')).toBeNull();
    const pill = screen.getByRole('button', { name: 'Token: PUSD' });
    expect(document.activeElement).toBe(pill);
    fireEvent.click(pill);
    expect(screen.getByRole('button', { name: 'PUSD 0' }).getAttribute('aria-current')).toBe('true');
  });

  it('searches by symbol or name; Esc closes the sheet only (the modal keeps its Esc)', () => {
    const modalEsc = rs.fn();
    document.addEventListener('keydown', modalEsc);
    render(<Harness options={[eth, pusd]} onSelect={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Token: Select token' }));
    const search = screen.getByRole('searchbox', { name: 'Search tokens' });
    fireEvent.change(search, { target: { value: 'ether' } });
    expect(screen.getByRole('button', { name: 'ETH Ether 10,000' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^PUSD/ })).toBeNull();
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No tokens found')).toBeTruthy();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(modalEsc).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Token: Select token' }));
    document.removeEventListener('keydown', modalEsc);
  });

  it('groups options under their sections', () => {
    render(<TokenSheet options={[{ ...eth, section: 'Suggested' }, { ...pusd, section: 'Popular' }]} onSelect={() => {}} onClose={() => {}} />);
    expect(within(screen.getByRole('group', { name: 'Suggested' })).getAllByRole('button')).toHaveLength(1);
    expect(within(screen.getByRole('group', { name: 'Popular' })).getByRole('button', { name: 'PUSD 0' })).toBeTruthy();
  });
});

describe('RoundIcon', () => {
  it('draws the image, and the monogram when it fails to load', () => {
    const { container } = render(<RoundIcon src="https://icons.test/pusd.png" text="pusd" />);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('alt')).toBe('');
    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')!.textContent).toBe('P');
  });
});

describe('AmountInput', () => {
  function Harness({ onMax }: { onMax: () => void }) {
    const [value, setValue] = useState('');
    return (
      <AmountInput
        value={value}
        onChange={setValue}
        onMax={() => {
          onMax();
          setValue('5');
        }}
        fiat="≈ $5.00"
        balance="Balance 10"
        error={value === 'x' ? 'Enter a number' : undefined}
      />
    );
  }

  it('a labelled amount with Max, which fills in and gives focus back; an error is shown at the field and marks it', () => {
    const max = rs.fn();
    render(<Harness onMax={max} />);
    const amount = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(amount, { target: { value: 'x' } });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Enter a number');
    expect(amount.getAttribute('aria-describedby')).toBe(message.id);
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(max).toHaveBeenCalledTimes(1);
    expect(amount.value).toBe('5');
    expect(document.activeElement).toBe(amount);
    expect(screen.getByText('≈ $5.00')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disables Max when asked; read-only without onChange, and no Max without onMax', () => {
    render(<AmountInput label="Amount to swap" value="" onChange={() => {}} onMax={() => {}} maxDisabled />);
    expect(screen.getByRole('textbox', { name: 'Amount to swap' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Max' })).toHaveProperty('disabled', true);
    cleanup();
    render(<AmountInput label="You receive" value="39.96" />);
    expect(screen.getByRole('textbox', { name: 'You receive' })).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Max' })).toBeNull();
  });
});

describe('Popover', () => {
  it('opens a small dialog named by its button, focuses its checked control; Esc closes it only and returns focus', () => {
    const modalEsc = rs.fn();
    document.addEventListener('keydown', modalEsc);
    render(
      <Popover label="Slippage settings" icon="⚙">
        <input type="radio" name="s" aria-label="0.5%" />
        <input type="radio" name="s" aria-label="1%" defaultChecked />
      </Popover>,
    );
    const button = screen.getByRole('button', { name: 'Slippage settings' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const panel = screen.getByRole('dialog', { name: 'Slippage settings' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1%' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(modalEsc).not.toHaveBeenCalled();
    document.removeEventListener('keydown', modalEsc);
  });
});

describe('StepIndicator', () => {
  it('lists the steps, ticks the done ones, marks the current one and says what it waits for', () => {
    render(
      <StepIndicator
        label="Steps"
        steps={[
          { label: 'Approve PUSD', state: 'done' },
          { label: 'Swap', state: 'current' },
        ]}
        status="Confirm the swap in your wallet"
      />,
    );
    const [approve, swap] = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(approve!.textContent).toBe('Approve PUSDdone');
    expect(swap!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('status').textContent).toBe('Confirm the swap in your wallet');
  });
});

describe('Toggle', () => {
  it('is a checkbox named by its label', () => {
    const change = rs.fn();
    render(<Toggle checked={false} onChange={change}>Allow unlimited PUSD</Toggle>);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allow unlimited PUSD' }));
    expect(change).toHaveBeenCalledWith(true);
  });
});

describe('DetailList', () => {
  it('lists terms and values, with the exact value as a tooltip', () => {
    render(<DetailList label="Quote" rows={[{ term: 'You receive', detail: '1.235 PUSD', exact: '1.23456' }, { term: 'Fee', detail: '0.3 PTK' }]} />);
    const list = screen.getByLabelText('Quote');
    expect(within(list).getByText('You receive')).toBeTruthy();
    expect(within(list).getByTitle('1.23456').textContent).toBe('1.235 PUSD');
    expect(within(list).getByText('0.3 PTK')).toBeTruthy();
  });
});
