/** Version of the contract between the shell and its remotes. Must equal `porticoContract` in package.json. */
export const PORTICO_CONTRACT = 1;
