/** Messages between the bench and its Socket.IO client processes (socket-worker.ts), over IPC. */

export type SocketSpec = { id: number; restaurantId: number; token: string };

export type ToWorker =
  | { type: 'connect'; url: string; baseNs: string; sockets: SocketSpec[]; concurrency: number }
  | { type: 'count' }
  | { type: 'collect' }
  | { type: 'close' };

export type FromWorker =
  | { type: 'connected'; failed: number[]; firstError: string | undefined }
  | { type: 'count'; received: number; disconnects: number }
  /** Flat, five numbers a receipt: socket id, event code, order id, status index, ns since baseNs. */
  | { type: 'receipts'; receipts: number[] };

export const EVENT_CODES = { order_update: 0, new_order: 1, order_deleted: 2 } as const;
export const ORDER_STATUSES = ['Pending', 'Approved', 'Ready', 'Completed', 'Cancelled'] as const;
export const RECEIPT_FIELDS = 5;
