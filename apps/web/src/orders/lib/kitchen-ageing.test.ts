import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { describe, expect, it } from 'vitest';
import { staffOrder } from '../testing/staff-order';
import {
  type Ageing,
  ageAfter,
  ageingProblem,
  DEFAULT_AGEING,
  minutesWaited,
  parseAgeing,
} from './kitchen-ageing';

const now = Date.parse('2026-11-25T20:00:00.000Z');
// What a card shows at `now`, as the kitchen card works it out.
const ageOf = (order: StaffOrder, at: number, ageing: Ageing) =>
  ageAfter(order.status, minutesWaited(order, at), ageing);
const orderedMinutesAgo = (minutes: number, status: 'Pending' | 'Approved' | 'Ready' = 'Approved') =>
  staffOrder({ status, created_at: new Date(now - minutes * 60_000).toISOString() });

describe('kitchen ageing', () => {
  it('turns amber, then red, at the minutes the kitchen chose, counted from the order', () => {
    const ageing = { amberMinutes: 8, redMinutes: 15 };
    expect(ageOf(orderedMinutesAgo(7.9), now, ageing)).toBe('fresh');
    expect(ageOf(orderedMinutesAgo(8), now, ageing)).toBe('amber');
    expect(ageOf(orderedMinutesAgo(14.9, 'Pending'), now, ageing)).toBe('amber');
    expect(ageOf(orderedMinutesAgo(15), now, ageing)).toBe('red');
    expect(minutesWaited(orderedMinutesAgo(15.7), now)).toBe(15);
  });

  it('leaves orders that are no longer to cook alone', () => {
    expect(ageOf(orderedMinutesAgo(90, 'Ready'), now, DEFAULT_AGEING)).toBeNull();
    expect(ageOf(staffOrder({ status: 'Completed' }), now, DEFAULT_AGEING)).toBeNull();
  });

  it('accepts whole minutes from 1 to 240 with red after amber, and reads anything else as the defaults', () => {
    expect(ageingProblem({ amberMinutes: 10, redMinutes: 20 })).toBeNull();
    expect(ageingProblem({ amberMinutes: 0, redMinutes: 20 })).toBe('Enter whole minutes from 1 to 240.');
    expect(ageingProblem({ amberMinutes: 10.5, redMinutes: 20 })).toBe('Enter whole minutes from 1 to 240.');
    expect(ageingProblem({ amberMinutes: 10, redMinutes: 241 })).toBe('Enter whole minutes from 1 to 240.');
    expect(ageingProblem({ amberMinutes: 20, redMinutes: 20 })).toBe('Red must come after amber.');

    expect(parseAgeing('{"amberMinutes":5,"redMinutes":12}')).toEqual({ amberMinutes: 5, redMinutes: 12 });
    expect(parseAgeing(null)).toEqual(DEFAULT_AGEING);
    expect(parseAgeing('{"amberMinutes":30,"redMinutes":12}')).toEqual(DEFAULT_AGEING);
    expect(parseAgeing('not json')).toEqual(DEFAULT_AGEING);
  });
});
