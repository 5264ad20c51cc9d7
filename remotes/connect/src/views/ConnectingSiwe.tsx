/**
 * AppKit's name for the sign-in prompt when the host configured the legacy `siweConfig` (the flow
 * maps it onto SIWX and opens this view instead of SIWXSignMessage). The same view, exposed under
 * the name the router uses.
 */
export { default, porticoContract, porticoUiContract } from './SIWXSignMessage';
