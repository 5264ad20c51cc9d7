// rspack loader for a message catalogue (`locales/<locale>.json`: key → ICU MessageFormat text): emits the same
// keys with each message parsed to its AST, so the page needs no ICU parser (see pluginPrecompiledCatalogues in
// ./rsbuild-shared.ts). `options.parser` is the parser module intl-messageformat itself imports (ESM, hence import()).
const { basename } = require('node:path');
const { pathToFileURL } = require('node:url');

module.exports = function compileCatalogue(source) {
  const done = this.async();
  const file = this.resourcePath;
  import(pathToFileURL(this.getOptions().parser).href)
    .then(({ parse }) => {
      const locale = new Intl.Locale(basename(file, '.json'));
      const compiled = {};
      for (const [key, message] of Object.entries(JSON.parse(source))) {
        if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a message text`);
        // The options intl-messageformat parses with at run time (its defaults, and the catalogue's locale).
        compiled[key] = parse(message, { locale });
      }
      done(null, JSON.stringify(compiled));
    })
    .catch((error) => done(error instanceof Error ? new Error(`${file}: ${error.message}`) : error));
};
