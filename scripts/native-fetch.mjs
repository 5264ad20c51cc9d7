// `cross-fetch` in Portico's browser builds (pluginNativeFetch in rsbuild-shared.ts): the browser's own fetch.
// Its only importer, the WalletConnect client's HTTP connection, uses the default export.
export default function fetch(input, init) {
  return globalThis.fetch(input, init);
}
