/**
 * The checks the shell starts in the background at creation, in one module: both run in the same task and share
 * the HTTP client, so one lazily loaded chunk carries them (two `import()`s put a copy of the client in each).
 */
export { checkProjectOrigin } from './project';
export { startAnalytics } from './analytics';
