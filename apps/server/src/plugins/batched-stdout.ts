import { type LoggerOptions, pino } from 'pino';
import { REQUEST_LINE } from './request-lines';

/** Request lines are written this many characters at a time: about fifty lines a system call. */
const LOG_BATCH_CHARS = 16_384;
/** A quiet server's request lines still reach the log within this time. */
const LOG_FLUSH_MS = 1000;

/**
 * Standard output with the request lines batched: one write per request line (a thread-pool round
 * trip each, pino's default) was 7 % of the server's CPU on the diner's menu. Every other line is
 * written at once, in order, as console.log writes. Synchronous writes, so a flush is complete when
 * it returns: request lines are written within LOG_FLUSH_MS, and what is left when the process
 * exits (a crash included) at its exit; a SIGKILL loses at most the last second of request lines.
 *
 * The lines wait here, not in sonic-boom's own buffer (its minLength): that one measures its whole
 * buffer's UTF-8 length again for every line it adds, 1.3 % of the menu's CPU in a profile. Here a
 * batch is joined once and handed to sonic-boom unbuffered, which writes it at once and keeps
 * what it is good at: a full pipe (EAGAIN) and partial writes retried.
 */
export function batchedStdout() {
  const destination = pino.destination({ dest: 1, sync: true });
  let lines: string[] = [];
  let chars = 0;
  const flush = () => {
    if (lines.length === 0) return;
    const batch = lines.join('');
    lines = [];
    chars = 0;
    destination.write(batch);
  };
  const stream = {
    write(line: string) {
      lines.push(line);
      chars += line.length;
      if (chars >= LOG_BATCH_CHARS) flush();
    },
  };
  const hooks: LoggerOptions['hooks'] = {
    logMethod(args, write) {
      write.apply(this, args);
      if (args[1] !== REQUEST_LINE) flush();
    },
  };
  const timer = setInterval(flush, LOG_FLUSH_MS).unref();
  process.on('exit', flush);
  return {
    options: { stream, hooks },
    close() {
      clearInterval(timer);
      flush();
      process.off('exit', flush);
    },
  };
}
