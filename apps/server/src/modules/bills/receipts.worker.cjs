// Where the receipts' worker thread starts (receipt-pdfs.ts) when the server runs from src/
// through tsx: as table-sheets.worker.cjs, it registers tsx's require hook and loads the worker.
// The production bundle has its own file of this name in dist/ (apps/server/build.mjs).
require('tsx/cjs/api').register();
require('./receipts.worker.ts');
