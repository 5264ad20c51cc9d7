import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({ plugins: [pluginReact()], testEnvironment: 'happy-dom', source: { define: { __PORTICO_CDN_BASE__: JSON.stringify('/portico/'), __MF_RUNTIME_CORE_VERSION__: JSON.stringify('2.9.2') } } });
