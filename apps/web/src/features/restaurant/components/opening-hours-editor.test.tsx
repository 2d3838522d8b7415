import type { OpeningHours } from '@tableserve/contract/opening-hours';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { defaultOpeningHours } from '@/lib/opening-hours';
import { OpeningHoursEditor } from './opening-hours-editor';

function Editor() {
  const [hours, setHours] = useState<OpeningHours>(defaultOpeningHours);
  return <OpeningHoursEditor value={hours} onChange={setHours} />;
}

const day = (name: string) => within(screen.getByRole('group', { name }));
const setClose = (name: string, value: string) =>
  fireEvent.change(day(name).getByLabelText('Closes'), { target: { value } });

describe('Opening hours editor (docs/product/business-day.md#closing-day)', () => {
  it('lists all seven days with open and close times and pickup, 11:00 to 22:00 with pickup by default', () => {
    render(<Editor />);
    for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      expect(day(name).getByLabelText('Opens')).toHaveValue('11:00');
      expect(day(name).getByLabelText('Closes')).toHaveValue('22:00');
      expect(day(name).getByRole('checkbox', { name: 'Pickup' })).toBeChecked();
      expect(day(name).getByTestId(/^closing-day-/)).toHaveTextContent(name);
    }
  });

  it('shows the next weekday as closing day while the closing hour is before 06:00', () => {
    render(<Editor />);
    setClose('Monday', '02:00');
    expect(day('Monday').getByTestId('closing-day-monday')).toHaveTextContent('Tuesday');
    expect(day('Monday').getByText('next day')).toBeInTheDocument();

    setClose('Monday', '05:59');
    expect(day('Monday').getByTestId('closing-day-monday')).toHaveTextContent('Tuesday');

    setClose('Monday', '06:00');
    expect(day('Monday').getByTestId('closing-day-monday')).toHaveTextContent('Monday');
    expect(day('Monday').queryByText('next day')).not.toBeInTheDocument();
  });

  it('wraps sunday to monday', () => {
    render(<Editor />);
    setClose('Sunday', '01:30');
    expect(day('Sunday').getByTestId('closing-day-sunday')).toHaveTextContent('Monday');
  });

  it("copies Monday's hours and pickup to every day", () => {
    render(<Editor />);
    fireEvent.change(day('Monday').getByLabelText('Opens'), { target: { value: '17:00' } });
    setClose('Monday', '01:00');
    fireEvent.click(day('Monday').getByRole('checkbox', { name: 'Pickup' }));
    fireEvent.click(screen.getByRole('button', { name: "Use Monday's hours for every day" }));
    expect(day('Saturday').getByLabelText('Opens')).toHaveValue('17:00');
    expect(day('Saturday').getByLabelText('Closes')).toHaveValue('01:00');
    expect(day('Saturday').getByRole('checkbox', { name: 'Pickup' })).not.toBeChecked();
    expect(day('Saturday').getByTestId('closing-day-saturday')).toHaveTextContent('Sunday');
  });
});
