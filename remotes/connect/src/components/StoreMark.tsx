import type { StoreKind } from '@portico/shared-state/wallet-list';
import { STORE_MARKS } from './store-marks';

/**
 * The mark of the store a "Get <wallet>" link opens (`store-marks.ts`: simple-icons' App Store, Google Play and
 * Chrome Web Store marks, a globe for the wallet's website) on a wallet icon's tile, hidden from assistive
 * technology: the link names the store.
 *
 * @example
 * <StoreMark kind="ios" />
 */
export function StoreMark({ kind }: { kind: StoreKind }) {
  return (
    <span className="portico-wallet-icon portico-store-mark" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
        {STORE_MARKS[kind].map(({ d, fill, stroke }) =>
          stroke ? (
            <path key={d} d={d} fill="none" stroke={stroke} strokeWidth="1.75" strokeLinecap="round" />
          ) : (
            <path key={d} d={d} fill={fill} />
          ),
        )}
      </svg>
    </span>
  );
}
