/** A Subresource Integrity hash of the right shape (no file has it). */
export const TEST_INTEGRITY = `sha384-${'A'.repeat(64)}`;

/**
 * A CDN manifest as scripts/build-cdn.mjs writes it: the shell at 1.4.0 (its entries hashed `shellIntegrity`) and
 * each of `remotes` at `<name>/<version>/remoteEntry.js`, in the order given.
 */
export function cdnManifestFixture<Name extends string>(
  remotes: Record<Name, { version: string; integrity?: string }>,
  shellIntegrity = TEST_INTEGRITY,
) {
  const entries = Object.entries(remotes) as [Name, { version: string; integrity?: string }][];
  return {
    version: 1,
    shell: {
      version: '1.4.0',
      entry: 'shell/1.4.0/portico.js',
      integrity: shellIntegrity,
      federation: { entry: 'shell/1.4.0/mf/remoteEntry.js', integrity: shellIntegrity },
    },
    remotes: Object.fromEntries(
      entries.map(([name, { version, integrity }]) => [name, { version, entry: `${name}/${version}/remoteEntry.js`, integrity: integrity ?? TEST_INTEGRITY }]),
    ) as Record<Name, { version: string; entry: string; integrity: string }>,
  };
}
