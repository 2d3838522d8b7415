// Where the sheets' worker thread starts (table-sheets.ts) when the server runs from src/ through
// tsx (`npm run dev`, the tests): Node 20 applies no --import loader to a worker's own .ts entry,
// so this plain file registers tsx's require hook and loads the worker. The production bundle
// has its own file of this name in dist/, the worker bundled (docs/decisions/021-production-build.md).
require('tsx/cjs/api').register();
require('./table-sheets.worker.ts');
