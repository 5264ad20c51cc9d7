/**
 * Classes only the onramp and names remotes' views use (OnRampProviders, Pay, RegisterAccountName,
 * RegisterAccountNameSuccess). Owned by those remotes' maintainers; concatenated into the kit's
 * stylesheet (./index.ts).
 */
export const onrampNamesStylesheetText = /* css */ `
.portico-name-status { min-height: 1.4em; margin: 0; }
.portico-registered-name { overflow-wrap: break-word; }
`;
