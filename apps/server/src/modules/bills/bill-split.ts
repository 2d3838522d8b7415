import { maxTipCents, shareOfLine, splitEvenly, tipForPercent } from '@tableserve/contract/bill';
import type { BillSplit, Tip } from '@tableserve/contract/bills';
import type { z } from 'zod';
import { dollarsToCents } from '../../lib/money';
import type { BillState } from './bill-state';
import type { NewPaymentClaim } from './bills.repository';

type ParsedSplit = z.output<typeof BillSplit>;
type ParsedTip = z.output<typeof Tip>;

/** What a diner's choice pays of the bill, or why it cannot be paid as chosen. */
export type SplitChoice =
  | { ok: true; amountCents: number; claims: NewPaymentClaim[] }
  /** Someone else paid (or is paying) part of it since: the diner chooses again. */
  | { ok: false; reason: 'changed' }
  | { ok: false; reason: 'overOutstanding' };

/**
 * The amount of one payment (docs/decisions/020-money-model.md#payments), decided under the
 * bill's lock. `stale`: the diner saw an older version of the bill. Everything left or an even
 * part depends on the whole bill, so it is refused then; an amount or shares of lines are
 * accepted while they are still free.
 */
export function chooseAmount(state: BillState, split: ParsedSplit, stale: boolean): SplitChoice {
  const outstanding = state.outstandingCents;
  const changed = { ok: false, reason: 'changed' } as const;
  const paying = (amountCents: number, claims: NewPaymentClaim[] = []): SplitChoice =>
    amountCents > 0 && amountCents <= outstanding ? { ok: true, amountCents, claims } : changed;
  switch (split.kind) {
    case 'all':
      return stale ? changed : paying(outstanding);
    case 'even': {
      if (stale) return changed;
      const parts = splitEvenly(state.figures.totalCents, split.ways).slice(0, split.parts);
      // The last diner's part is what is left, when earlier parts took the odd cents.
      return paying(
        Math.min(
          outstanding,
          parts.reduce((sum, part) => sum + part, 0),
        ),
      );
    }
    case 'amount': {
      const amountCents = dollarsToCents(split.amount);
      if (amountCents > outstanding) return stale ? changed : { ok: false, reason: 'overOutstanding' };
      return paying(amountCents);
    }
    case 'items': {
      // The contract names each line once (docs/product/payments.md#split-bill); whatever the
      // entries, a line's shares stay within its share count, in one share count, and its claims
      // within what it costs, or nothing is reserved.
      const claims: NewPaymentClaim[] = [];
      for (const item of split.items) {
        const line = state.lines.find((candidate) => candidate.row.id === item.order_item_id);
        if (!line) return changed;
        const earlier = [
          ...line.sharesTaken.map((shareIndex) => ({ shareIndex, shareCount: line.shareCount })),
          ...claims.filter((claim) => claim.orderItemId === line.row.id),
        ];
        // A line someone already pays in shares is split the way they split it.
        if (earlier.some((claim) => claim.shareCount !== item.share_count)) return changed;
        const taken = new Set(earlier.map((claim) => claim.shareIndex));
        const free = Array.from({ length: item.share_count }, (_, index) => index).filter(
          (index) => !taken.has(index),
        );
        if (item.shares > free.length) return changed;
        const lineClaims = free.slice(0, item.shares).map((shareIndex) => ({
          orderItemId: line.row.id,
          shareIndex,
          shareCount: item.share_count,
          amountCents: shareOfLine(line.priced.payableCents, item.share_count, shareIndex),
        }));
        const claimedCents = [...claims.filter((claim) => claim.orderItemId === line.row.id), ...lineClaims]
          .map((claim) => claim.amountCents)
          .reduce((sum, cents) => sum + cents, line.claimedCents);
        if (claimedCents > line.priced.payableCents) return changed;
        claims.push(...lineClaims);
      }
      return paying(
        claims.reduce((sum, claim) => sum + claim.amountCents, 0),
        claims,
      );
    }
  }
}

/** The tip on `amountCents`, or undefined when it is above what the server accepts. */
export function tipOf(tip: ParsedTip, amountCents: number): number | undefined {
  const cents =
    tip.kind === 'none'
      ? 0
      : tip.kind === 'percent'
        ? tipForPercent(amountCents, tip.percent)
        : dollarsToCents(tip.amount);
  return cents > maxTipCents(amountCents) ? undefined : cents;
}
