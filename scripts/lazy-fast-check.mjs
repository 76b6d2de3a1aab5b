// fast-check as the command-line bundles import it: required on first use, not at start. Most
// starts of the mock generate nothing (the Pet Catalog's seed is built in; a document's collections
// are drawn on first use), and evaluating fast-check was a tenth of the mock's start-up.
// bundle-clis.mjs points every `import fc from 'fast-check'` of the bundles here.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let loaded;
const fastCheck = () => {
  loaded ??= require('fast-check');
  return loaded;
};

export default new Proxy(
  {},
  {
    get: (_target, name) => fastCheck()[name],
    has: (_target, name) => name in fastCheck(),
  },
);
