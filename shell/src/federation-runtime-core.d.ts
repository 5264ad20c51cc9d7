// Types for the aliased `@module-federation/runtime-core` import in ./federation-runtime.ts (the package
// is a dependency of @module-federation/enhanced, not of the shell; only its namespace object is used).
declare module '@module-federation/runtime-core' {
  const namespace: Record<string, unknown>;
  export = namespace;
}
