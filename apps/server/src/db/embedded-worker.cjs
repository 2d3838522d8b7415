// Where the embedded database's worker thread starts (embedded-client.ts) when the server runs
// from src/ through tsx (`npm run dev`, the tests): Node 20 applies no --import loader to a
// worker's own .ts entry, so this plain file registers tsx's require hook and loads the worker.
// The production bundle has its own file of this name in dist/ (and dist/cli/), the worker bundled.
require('tsx/cjs/api').register();
require('./embedded-worker.ts');
