// The shell's drop-in modules as this build imports them through Module Federation (`portico_shell/...`),
// typed from the shell package's exports.
declare module 'portico_shell/appkit/react' {
  export * from '@portico/shell/appkit/react';
}
declare module 'portico_shell/appkit/networks' {
  export * from '@portico/shell/appkit/networks';
}
declare module 'portico_shell/appkit/adapters' {
  export * from '@portico/shell/appkit/adapters';
}
