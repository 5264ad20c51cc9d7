import { accountStylesheetText } from './account';
import { baseStylesheetText } from './base';
import { connectStylesheetText } from './connect';
import { onrampNamesStylesheetText } from './onramp-names';
import { sendSwapStylesheetText } from './send-swap';

/**
 * The kit's whole stylesheet: its parts' classes, then each remote area's. The shell adopts it into
 * the shadow root (a second constructable sheet) when it loads the first remote view; it is never
 * part of the page's eager stylesheet.
 */
export const kitStylesheetText =
  baseStylesheetText + connectStylesheetText + accountStylesheetText + sendSwapStylesheetText + onrampNamesStylesheetText;
