import {
  MAX_SPLIT_WAYS,
  maxTipCents,
  shareOfLine,
  splitEvenly,
  TIP_CONFIRM_PERCENT,
  tipForPercent,
} from '@tableserve/contract/bill';
import type { BillLine, BillSplit, BillView, Tip } from '@tableserve/contract/bills';
import { dollarsToCents } from '@/lib/money';

/** How this diner pays (ADR 020), as the page holds it: typed amounts stay text until sent. */
export type SplitChoice =
  | { kind: 'all' }
  | { kind: 'even'; ways: number; parts: number }
  | { kind: 'amount'; amount: string }
  | { kind: 'items'; items: ItemChoice[] };
/** A ticked line: into how many shares it is split, and how many of them this diner pays. */
export type ItemChoice = { orderItemId: number; shareCount: number; shares: number };

export type TipChoice =
  | { kind: 'none' }
  | { kind: 'percent'; percent: number }
  | { kind: 'amount'; amount: string };

const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;

/** Dollars as a diner types them ('12', '12.5', '12.50') in cents; null for anything else. */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim();
  return DOLLARS.test(trimmed) ? dollarsToCents(Number(trimmed)) : null;
}

const cents = (dollars: number) => dollarsToCents(dollars);

/** Whether anyone already split the line: its share count is then fixed. */
export const lineIsSplit = (line: BillLine) => line.shares_taken.length > 0;

/** A line still (partly) payable by items. */
export const lineIsOpen = (line: BillLine) => line.left > 0;

/** The share indexes of a line still free, in order: what this diner's shares will be. */
export function freeShares(line: BillLine, shareCount: number): number[] {
  const taken = new Set(lineIsSplit(line) ? line.shares_taken : []);
  return Array.from({ length: shareCount }, (_, index) => index).filter((index) => !taken.has(index));
}

/** What `shares` free shares of a line come to, as the server charges them (bill.ts shareOfLine). */
export function itemCents(line: BillLine, choice: ItemChoice): number {
  return freeShares(line, choice.shareCount)
    .slice(0, choice.shares)
    .reduce((sum, index) => sum + shareOfLine(cents(line.payable), choice.shareCount, index), 0);
}

/** What this diner's part of the bill comes to before the tip, in cents; null while it is not valid. */
export function amountCents(bill: BillView, split: SplitChoice): number | null {
  const outstanding = cents(bill.outstanding);
  switch (split.kind) {
    case 'all':
      return outstanding;
    case 'even': {
      const parts = splitEvenly(cents(bill.total), split.ways).slice(0, split.parts);
      return Math.min(
        outstanding,
        parts.reduce((sum, part) => sum + part, 0),
      );
    }
    case 'amount': {
      const amount = parseDollars(split.amount);
      return amount !== null && amount > 0 && amount <= outstanding ? amount : null;
    }
    case 'items': {
      if (split.items.length === 0) return null;
      return split.items.reduce((sum, item) => {
        const line = bill.lines.find((candidate) => candidate.order_item_id === item.orderItemId);
        return line ? sum + itemCents(line, item) : sum;
      }, 0);
    }
  }
}

/** The tip in cents on `amount`; null while a custom tip is not a valid amount. */
export function tipCents(amount: number, tip: TipChoice): number | null {
  if (tip.kind === 'none') return 0;
  if (tip.kind === 'percent') return tipForPercent(amount, tip.percent);
  return parseDollars(tip.amount);
}

/** A tip above 100 % of what the diner pays is confirmed first: likely a slip of the thumb. */
export const tipNeedsConfirmation = (amount: number, tip: number) => tip * 100 > amount * TIP_CONFIRM_PERCENT;

/** Above the server's cap (ADR 020): refused before asking the card. */
export const tipTooLarge = (amount: number, tip: number) => tip > maxTipCents(amount);

export function splitBody(split: SplitChoice): BillSplit {
  switch (split.kind) {
    case 'all':
      return { kind: 'all' };
    case 'even':
      return { kind: 'even', ways: split.ways, parts: split.parts };
    case 'amount':
      return { kind: 'amount', amount: (parseDollars(split.amount) ?? 0) / 100 };
    case 'items':
      return {
        kind: 'items',
        items: split.items.map((item) => ({
          order_item_id: item.orderItemId,
          share_count: item.shareCount,
          shares: item.shares,
        })),
      };
  }
}

export function tipBody(tip: TipChoice): Tip {
  if (tip.kind === 'amount') return { kind: 'amount', amount: (parseDollars(tip.amount) ?? 0) / 100 };
  return tip;
}

/**
 * The diner's choice kept as far as the bill (just refreshed: someone else paid) still allows:
 * paid lines drop out, a line someone split takes their share count, no more shares than are free.
 */
export function keepPossible(split: SplitChoice, bill: BillView): SplitChoice {
  if (split.kind !== 'items') return split;
  const items = split.items.flatMap((item): ItemChoice[] => {
    const line = bill.lines.find((candidate) => candidate.order_item_id === item.orderItemId);
    if (!line || !lineIsOpen(line)) return [];
    const shareCount = lineIsSplit(line) ? line.share_count : item.shareCount;
    const free = freeShares(line, shareCount).length;
    return free === 0
      ? []
      : [{ orderItemId: item.orderItemId, shareCount, shares: Math.min(item.shares, free) }];
  });
  return { kind: 'items', items };
}

/** Ticking a line: its existing split, or the whole line. */
export function tickLine(line: BillLine): ItemChoice {
  return { orderItemId: line.order_item_id, shareCount: lineIsSplit(line) ? line.share_count : 1, shares: 1 };
}

export const SPLIT_LIMITS = { min: 2, max: MAX_SPLIT_WAYS } as const;
