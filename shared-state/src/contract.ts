/**
 * Version of the contract between the shell and its remotes. Must equal `porticoContract` in package.json. Raise it
 * when an export remotes may use leaves or changes (2: address checks, on-ramp rules, account formatters and
 * connectWalletList left the package index; 3: the amount helpers and wallet-list matching moved to the
 * `./amounts` and `./wallet-list` subpaths).
 */
export const PORTICO_CONTRACT = 3;
