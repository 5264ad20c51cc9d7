import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import { useState } from 'react';
import { TextField } from '../src/text-field';

afterEach(cleanup);

function Harness({ type }: { type?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextField label="Receiver address" type={type} value={value} onChange={setValue} aria-describedby="problem" aria-invalid={value === 'bad' || undefined} />
      <p id="problem">Invalid address</p>
      <output aria-label="Typed">{value}</output>
    </>
  );
}

describe('TextField', () => {
  it('is a text box named by its visible label; typing reports the value; describedBy and invalid pass through', () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Receiver address' }) as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('aria-describedby')).toBe('problem');
    fireEvent.change(input, { target: { value: 'bad' } });
    expect(input.value).toBe('bad');
    expect(screen.getByRole('status', { name: 'Typed' }).textContent).toBe('bad');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('an error shows under it as an alert that describes it and marks it invalid; no error, no alert', () => {
    const { rerender } = render(<TextField label="Email" value="ada@" onChange={() => undefined} error="Must be a valid email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(screen.getByRole('alert').textContent).toBe('Must be a valid email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Must be a valid email');
    rerender(<TextField label="Email" value="ada@example.com" onChange={() => undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('with type="search" it is a search box', () => {
    render(<Harness type="search" />);
    expect(screen.getByRole('searchbox', { name: 'Receiver address' })).toBeTruthy();
  });
});
