import { z } from 'zod';

/**
 * Raw bytes in a route schema: a request body kept as a Buffer, or a response sent as one
 * (Fastify sends Buffers as they are, past the JSON serializer). Documented as binary.
 */
export const binary = (description: string) =>
  z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary', description });
