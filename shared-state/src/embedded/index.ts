/**
 * The embedded-wallet frame protocol (issue 11), both ends. Reached only through `import()`: nothing here
 * belongs in the page's eager bundle.
 */
export * from './constants';
export * from './errors';
export { UserRejectedRequestError } from '../errors';
export * from './fields';
export * from './messages';
export * from './rpc-policy';
export * from './channel-types';
export * from './app-channel';
export * from './frame-channel';
export * from './frame-host';
export * from './email-login';
export * from './social-login';
export * from './socials';
export * from './farcaster-login';
export * from './logins';
export * from './approval';
export * from './approval-frame';
export * from './account-type';
export * from './call-batches';
export * from './provider';
export * from './host-look';
export * from './host-sync';
export * from './wallet-assets';
export { createMessageId, isSerializedOrigin, type IgnoredMessage, type ListenTarget, type MessageEventLike, type PostTarget } from './wire';
