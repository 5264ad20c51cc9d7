import { useState } from 'react';

export interface RoundIconProps {
  /** The image; without one, or when it fails to load, the monogram of `text` is drawn instead. */
  src?: string;
  /** What the icon stands for ("ETH", "alice.portico.eth"): its first letters make the monogram. */
  text: string;
  /** Diameter in CSS pixels (default 24). */
  size?: number;
}

/**
 * A round token or avatar image that degrades to a monogram when there is no image or it fails to load
 * (a missing artwork file, an offline API). Decorative: the symbol or name beside it carries the meaning.
 *
 * @example
 * <RoundIcon src={tokenImageUrl(apiUrl, 'PUSD')} text="PUSD" size={28} />
 */
export function RoundIcon({ src, text, size = 24 }: RoundIconProps) {
  const [failed, setFailed] = useState<string>();
  const dimension = { width: size, height: size };
  if (src && failed !== src) {
    return <img className="portico-round-icon" src={src} alt="" {...dimension} loading="lazy" onError={() => setFailed(src)} />;
  }
  return (
    <svg className="portico-round-icon portico-monogram" viewBox="0 0 24 24" {...dimension} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" />
      <text x="12" y="12" dy="0.35em" textAnchor="middle">
        {[...text.trim()].slice(0, 1).join('').toUpperCase()}
      </text>
    </svg>
  );
}
