import { describe, expect, it } from 'vitest';
import { blankBillingFields, emptyBillingForm, toBillingDetails } from './billing';

const filled = {
  name: ' Maria Rossi ',
  email: 'maria@trattoria.example',
  line1: '12 Market Street',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
};

describe('billing details', () => {
  it('lists every blank field, whitespace counting as blank', () => {
    expect(blankBillingFields(emptyBillingForm)).toHaveLength(6);
    expect(blankBillingFields({ ...filled, city: '   ' })).toEqual(['city']);
    expect(blankBillingFields(filled)).toEqual([]);
  });

  it('sends trimmed values in the API shape', () => {
    expect(toBillingDetails(filled)).toEqual({
      name: 'Maria Rossi',
      email: 'maria@trattoria.example',
      address: { line1: '12 Market Street', city: 'Springfield', state: 'IL', postal_code: '62701' },
    });
  });
});
