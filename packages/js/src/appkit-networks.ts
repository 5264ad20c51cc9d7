/** The networks Portico names in AppKit's shape and `defineChain` (the shell's data): see ./networks.ts. */
export * from '@portico/shell/appkit/networks';
