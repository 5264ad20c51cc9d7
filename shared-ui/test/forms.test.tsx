import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { useState } from 'react';
import { AmountInput } from '../src/amount-input';
import { DetailList } from '../src/detail-list';
import { Toggle } from '../src/toggle';
import { TokenPicker, type TokenOption } from '../src/token-picker';

afterEach(cleanup);

const eth: TokenOption<string> = { key: 'eip155:1:native', symbol: 'ETH', balance: '10,000', value: 'eth' };
const pusd: TokenOption<string> = { key: 'eip155:1:0xp', symbol: 'PUSD', balance: '0', value: 'pusd', iconUrl: 'https://icons.test/pusd.png' };

describe('TokenPicker', () => {
  it('is a radio group named by its label; each radio is named "SYMBOL, balance N"', () => {
    const select = rs.fn();
    render(<TokenPicker label="Token" name="t" options={[eth, pusd]} selectedKey={eth.key} onSelect={select} />);
    const group = screen.getByRole('radiogroup', { name: 'Token' });
    expect(within(group).getByRole('radio', { name: 'ETH, balance 10,000' })).toHaveProperty('checked', true);
    fireEvent.click(within(group).getByRole('radio', { name: 'PUSD, balance 0' }));
    expect(select).toHaveBeenCalledWith('pusd');
  });

  it('groups options under their sections', () => {
    render(
      <TokenPicker
        label="From"
        name="from"
        options={[{ ...eth, section: 'Suggested' }, { ...pusd, section: 'Popular' }]}
        onSelect={() => {}}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'From' });
    expect(within(within(group).getByRole('group', { name: 'Suggested' })).getAllByRole('radio')).toHaveLength(1);
    expect(within(within(group).getByRole('group', { name: 'Popular' })).getByRole('radio', { name: 'PUSD, balance 0' })).toBeTruthy();
  });
});

describe('AmountInput', () => {
  function Harness({ onMax }: { onMax: () => void }) {
    const [value, setValue] = useState('');
    return <AmountInput value={value} onChange={setValue} onMax={() => { onMax(); setValue('5'); }} invalid={value === 'x'} />;
  }

  it('is a labelled text box with Max, which fills in and gives focus back to the box', () => {
    const max = rs.fn();
    render(<Harness onMax={max} />);
    const amount = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: 'x' } });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(max).toHaveBeenCalledTimes(1);
    expect(amount.value).toBe('5');
    expect(document.activeElement).toBe(amount);
  });

  it('disables Max when asked', () => {
    render(<AmountInput label="Amount to swap" value="" onChange={() => {}} onMax={() => {}} maxDisabled />);
    expect(screen.getByRole('textbox', { name: 'Amount to swap' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Max' })).toHaveProperty('disabled', true);
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
