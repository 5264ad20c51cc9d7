import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import { preloadQrCode, QrCode, QrPlaceholder } from '../src/qr-code';

afterEach(cleanup);

describe('QrCode', () => {
  it('draws the value as one SVG path of dark modules, named by its label, once uqr has loaded', async () => {
    render(<QrCode value="wc:abc@2?relay-protocol=irn&symKey=00" label="QR code for WalletConnect" size={280} />);
    const qr = await screen.findByRole('img', { name: 'QR code for WalletConnect' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.getAttribute('width')).toBe('280');
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('draws in its first render after preloadQrCode, on a white frame when framed', async () => {
    await preloadQrCode();
    const { container } = render(<QrCode value="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" label="QR code for your address" framed />);
    const qr = screen.getByRole('img', { name: 'QR code for your address' });
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(container.firstElementChild!.contains(qr)).toBe(true);
    expect(container.firstElementChild).not.toBe(qr);
  });

  it('has a placeholder that screen readers do not see', () => {
    render(<QrPlaceholder size={280} />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
