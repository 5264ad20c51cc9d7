import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as SVG elements by React (never an SVG string): one white square and one path
 * of dark modules. Always dark on white with a 4-module quiet zone, whatever the theme, so phones read it.
 */
export function QrCode({ value, label, size = 240 }: { value: string; label: string; size?: number }) {
  const { modules, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { modules: qr.size, path: d };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 'var(--portico-radius)' }}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
