// `npm run restore -- FILE [--data-dir DIR] [--force]`: restores a backup (docs/operations.md#backups).
import { restoreCommand, runCli } from '../modules/backups/backup-cli';

runCli(restoreCommand);
