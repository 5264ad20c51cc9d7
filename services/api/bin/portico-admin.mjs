#!/usr/bin/env node
// The CLI is TypeScript, run through tsx as the API itself is (`pnpm start`).
import { register } from 'tsx/esm/api';

register();
await import('../src/admin/main.ts');
