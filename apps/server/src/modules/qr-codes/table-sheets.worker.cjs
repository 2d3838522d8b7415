// Where the sheets' worker thread starts (table-sheets.ts). The server runs TypeScript through
// tsx (ADR 003), but Node 20 applies no --import loader to a worker's own .ts entry: this plain
// file registers tsx's require hook, the same in `npm start` and the tests, and loads the worker.
require('tsx/cjs/api').register();
require('./table-sheets.worker.ts');
