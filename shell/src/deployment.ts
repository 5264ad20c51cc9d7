/**
 * `portico_shell/deployment`: reads this deployment's `portico-deployment.json` (its remotes, API, relay and secure
 * site) so a host that loads the shell at run time (`@portico/js`) needs only its project id. Its own module, so
 * the other exposes carry none of it.
 */
export { loadDeployment, withDeployment, DEPLOYMENT_FILE, type Deployment } from '@portico/shared-state/deployment';
/** The shell's contract: `@portico/js` of the same major loads it, any other says which to install. */
export { PORTICO_CONTRACT as porticoContract } from '@portico/shared-state';
