import type { OnRampProvider, PorticoCore } from '@portico/shared-state';

export interface ProviderPurchase {
  provider: OnRampProvider;
  purchaseCurrency: string;
  paymentCurrency: string;
  amount: string;
  network?: string;
}

/**
 * Continues the purchase on the provider's page in a new window. Call it inside the click: the
 * window opens at once (so no popup blocker stops it) and goes to the provider once the API gave
 * the URL; it closes again when the API did not.
 */
export function openProviderWindow(portico: PorticoCore, purchase: ProviderPurchase) {
  const popup = window.open('', '_blank');
  void portico.onramp
    .openProvider(purchase, (url) => {
      if (popup) {
        popup.opener = null;
        popup.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener,noreferrer');
      }
    })
    .then((opened) => {
      if (!opened) popup?.close();
    });
}
