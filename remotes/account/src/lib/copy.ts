import type { PorticoCore } from '@portico/shared-state';

/** Copies the address and confirms with the toast (the shell's live region reads it out). */
export async function copyAddress(portico: PorticoCore, address: string, announce: (message: string) => void) {
  try {
    await navigator.clipboard.writeText(address);
    portico.toast.show('success', 'Address copied');
    announce('Address copied');
  } catch {
    portico.toast.show('error', 'Could not copy the address');
  }
}
