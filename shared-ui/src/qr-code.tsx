import { useEffect, useMemo, useState } from 'react';
import { useKitMessages } from './messages';

type Encode = typeof import('uqr').encode;

/** uqr, once loaded for the page: later QR codes draw in their first render. */
let encoder: Encode | undefined;
let loading: Promise<Encode> | undefined;

/**
 * Starts loading the QR encoder (uqr, its own chunk) without drawing anything, so a view that will
 * show a QR code soon (a pairing URI on its way) draws it in the same frame the value arrives.
 * A failed load is not cached: the next call tries again.
 */
export function preloadQrCode(): Promise<Encode> {
  if (encoder) return Promise.resolve(encoder);
  loading ??= import('uqr').then(
    (module) => (encoder = module.encode),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export interface QrCodeProps {
  /** What the code encodes (a `wc:` URI, an address). */
  value: string;
  /** The accessible name of the image, e.g. "QR code for your address"; "QR code" (in the modal's locale) unless given. */
  label?: string;
  /** Width and height in CSS pixels (scales down to fit). */
  size?: number;
  /** Draws it on a white frame with padding (for a code shown on its own). */
  framed?: boolean;
}

/**
 * A QR code drawn as SVG elements by React (never an SVG string): one white square and one path of
 * dark modules. Always dark on white with a 4-module quiet zone, whatever the theme, so phones read
 * it. uqr loads on first use (see `preloadQrCode`); until then an empty placeholder of the same size
 * stands in, hidden from screen readers, so the image role appears with the real code only.
 *
 * @example
 * <QrCode value={uri} label={`QR code for ${walletName}`} size={280} />
 * <QrCode value={address} label="QR code for your address" size={216} framed />
 */
export function QrCode({ value, label, size = 240, framed = false }: QrCodeProps) {
  const t = useKitMessages();
  const [encode, setEncode] = useState(() => encoder);
  useEffect(() => {
    if (encode) return;
    let current = true;
    preloadQrCode().then(
      (loaded) => current && setEncode(() => loaded),
      () => {
        // Stays a placeholder; the view's own text still offers the value (Copy link / address).
      },
    );
    return () => {
      current = false;
    };
  }, [encode]);

  const qr = useMemo(() => {
    if (!encode) return undefined;
    const { data, size: modules } = encode(value, { ecc: 'M', border: 4 });
    let path = '';
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) path += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { modules, path };
  }, [encode, value]);

  const code = qr ? (
    <svg
      role="img"
      aria-label={label ?? t('qrCode')}
      className="portico-qr-code"
      width={size}
      height={size}
      viewBox={`0 0 ${qr.modules} ${qr.modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={qr.modules} height={qr.modules} fill="#fff" />
      {/* The host's `--portico-qr-color` (theme) draws the modules; black without it. */}
      <path d={qr.path} fill="#000" className="portico-qr-modules" />
    </svg>
  ) : (
    <QrPlaceholder size={size} />
  );
  return framed ? <div className="portico-qr">{code}</div> : code;
}

/**
 * The empty square a QR code takes while it cannot be drawn yet (no URI yet, or uqr loading),
 * hidden from screen readers; the view says in words what is happening.
 *
 * @example
 * {uri ? <QrCode value={uri} label="QR code for WalletConnect" size={280} /> : <QrPlaceholder size={280} />}
 */
export function QrPlaceholder({ size = 240 }: { size?: number }) {
  return <span className="portico-qr-placeholder" aria-hidden="true" style={{ width: size, height: size }} />;
}
