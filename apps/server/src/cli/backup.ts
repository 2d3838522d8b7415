// `npm run backup [-- FILE]`: backs up the database (docs/operations.md#backups).
import { backupCommand, runCli } from '../modules/backups/backup-cli';

runCli(backupCommand);
