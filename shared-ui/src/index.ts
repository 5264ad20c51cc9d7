/**
 * `@portico/ui`: the parts Portico's views are composed of. A Module Federation shared singleton:
 * the shell provides it; remotes import it and get the shell's copy. Its stylesheet is
 * `kitStylesheetText`, adopted by the shell into the shadow root before the first remote view renders.
 */
export { AmountInput, type AmountInputProps } from './amount-input';
export { ConnectionGuard, type ConnectionGuardProps } from './connection-guard';
export { PORTICO_UI_CONTRACT } from './contract';
export { CopyButton, type CopyButtonProps } from './copy-button';
export { DetailList, type DetailRow } from './detail-list';
export { ListItem, type ListItemProps } from './list-item';
export { NAMESPACE_TITLES } from './namespaces';
export {
  EmbeddedWalletGate,
  OneTimeCodeForm,
  SubmitButton,
  useEmbeddedWallet,
  useStoreSnapshot,
  type EmbeddedWalletGateProps,
  type EmbeddedWalletStatus,
  type OneTimeCodeFormProps,
} from './embedded-wallet';
export { loadChrome, type ShellChrome } from './chrome';
export { useLocale, useMessages, type CatalogueLoader } from './i18n';
export { ErrorPanel, LoadingPanel, SkeletonRows } from './localized-panels';
export { Skeleton, SkeletonRow, type ErrorPanelProps, type SkeletonProps, type SkeletonRowProps, type SkeletonRowsProps } from './panels';
export { afterNextPaint } from './after-paint';
export { QrCode, QrPlaceholder, preloadQrCode, type QrCodeProps } from './qr-code';
export { EmptyState, StatusLine } from './status';
export { kitStylesheetText } from './styles';
export { Tabs, type TabsProps } from './tabs';
export { TextField, type TextFieldProps } from './text-field';
export { useToast } from './toast';
export { Toggle, type ToggleProps } from './toggle';
export {
  TransactionStatus,
  type TransactionAction,
  type TransactionPhase,
  type TransactionStatusProps,
} from './transaction-status';
export { WalletIcon, WalletIconGrid, WalletTile, type WalletIconGridProps, type WalletIconProps, type WalletTileProps } from './wallet';
export { TokenButton, TokenSheet, useTokenSheet, type TokenButtonProps, type TokenOption, type TokenSheetProps } from './token-picker';
export { RoundIcon, type RoundIconProps } from './round-icon';
export { Popover, type PopoverProps } from './popover';
export { StepIndicator, type Step, type StepIndicatorProps } from './step-indicator';
export { AddressText, type AddressTextProps } from './address-text';
