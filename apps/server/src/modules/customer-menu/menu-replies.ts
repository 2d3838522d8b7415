import type { IncomingHttpHeaders } from 'node:http';
import { type Encoding, preferredEncoding } from '../../lib/precompressed';
import type { EncodedAnswer } from './published-menus';

/** A tag without its weak marker: If-None-Match compares weakly (RFC 9110). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match holds one tag, several separated by commas, or *. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * How one request gets a menu answer: the status, the headers as names and values in one flat
 * list (the form http's writeHead takes, and Fastify's reply.header one pair at a time), and the
 * bytes, none for a 304.
 */
export type MenuReply = { statusCode: 200 | 304; headers: readonly string[]; body: Buffer | undefined };

type Replies = Record<Encoding | 'notModified', MenuReply>;

/** Each answer's four replies, made once: only the request's headers choose between them. */
const repliesOf = new WeakMap<EncodedAnswer, Replies>();

function replies(answer: EncodedAnswer): Replies {
  const validators = [
    'etag',
    answer.etag,
    'cache-control',
    'public, max-age=0, must-revalidate',
    'vary',
    'Accept-Encoding',
  ];
  const withBody = (encoding: Encoding): MenuReply => {
    const body = answer[encoding];
    return {
      statusCode: 200,
      headers: [
        ...validators,
        ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
        'content-type',
        'application/json; charset=utf-8',
        'content-length',
        String(body.length),
      ],
      body,
    };
  };
  return {
    // No body and no length: a Content-Length for a body never sent stalls keep-alive clients.
    notModified: { statusCode: 304, headers: validators, body: undefined },
    br: withBody('br'),
    gzip: withBody('gzip'),
    identity: withBody('identity'),
  };
}

/**
 * The reply to a request for `answer`. Phones on a weak network revalidate with If-None-Match and
 * get an empty 304 while the menu is unchanged; otherwise the bytes the phone's Accept-Encoding
 * prefers, compressed once per menu change (published-menus.ts).
 */
export function menuReply(answer: EncodedAnswer, request: IncomingHttpHeaders): MenuReply {
  let made = repliesOf.get(answer);
  if (!made) {
    made = replies(answer);
    repliesOf.set(answer, made);
  }
  if (matchesEtag(request['if-none-match'], answer.etag)) return made.notModified;
  return made[preferredEncoding(request['accept-encoding'])];
}
