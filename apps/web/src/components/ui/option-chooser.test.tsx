import type { MenuOptionGroup } from '@tableserve/contract/option-choices';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OptionChooser } from './option-chooser';

const size: MenuOptionGroup = {
  id: 1,
  name: 'Size',
  min_choices: 1,
  max_choices: 1,
  options: [
    { id: 11, name: 'Regular', price_delta: 0 },
    { id: 12, name: 'Large', price_delta: 1 },
  ],
};
const extras: MenuOptionGroup = {
  id: 2,
  name: 'Extras',
  min_choices: 0,
  max_choices: 2,
  options: [
    { id: 21, name: 'Bacon', price_delta: 2 },
    { id: 22, name: 'Fried egg', price_delta: 1.5 },
    { id: 23, name: 'Avocado', price_delta: 0.5 },
  ],
};
const sauces: MenuOptionGroup = {
  id: 3,
  name: 'Sauces',
  min_choices: 2,
  max_choices: 3,
  options: [
    { id: 31, name: 'Ketchup', price_delta: 0 },
    { id: 32, name: 'Mayo', price_delta: 0 },
    { id: 33, name: 'Mustard', price_delta: 0 },
  ],
};

/** The chooser as a form holds it: its own state, and every change reported. */
function Harness({
  groups,
  showProblems = false,
  onChange = () => {},
}: {
  groups: MenuOptionGroup[];
  showProblems?: boolean;
  onChange?: (chosen: number[]) => void;
}) {
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <OptionChooser
      groups={groups}
      chosen={chosen}
      showProblems={showProblems}
      onChange={(next) => {
        setChosen(next);
        onChange(next);
      }}
    />
  );
}

describe('OptionChooser', () => {
  it('names each group by its legend: the name, the rule, and Required when it must be answered', () => {
    render(<Harness groups={[size, extras, sauces]} />);
    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Size Choose 1 Required',
      'Extras Up to 2',
      'Sauces Choose 2 to 3 Required',
    ]);
    expect(screen.getByRole('group', { name: 'Size Choose 1 Required' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Extras Up to 2' })).toBeInTheDocument();
  });

  it('offers radios for a group of exactly one, and checkboxes otherwise, each named by its option', () => {
    render(<Harness groups={[size, extras]} />);
    const sizeGroup = within(screen.getByRole('group', { name: /^Size/ }));
    expect(sizeGroup.getAllByRole('radio')).toHaveLength(2);
    expect(sizeGroup.getByRole('radio', { name: 'Large' })).toHaveAccessibleDescription('+$1.00');
    expect(sizeGroup.getByRole('radio', { name: 'Regular' })).not.toHaveAccessibleDescription();
    expect(sizeGroup.queryByRole('checkbox')).not.toBeInTheDocument();

    const extrasGroup = within(screen.getByRole('group', { name: /^Extras/ }));
    expect(extrasGroup.getAllByRole('checkbox')).toHaveLength(3);
    expect(extrasGroup.getByRole('checkbox', { name: 'Fried egg' })).toHaveAccessibleDescription('+$1.50');
    expect(extrasGroup.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('keeps one choice in a radio group and reports the choices in the order the dish lists them', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness groups={[size, extras]} onChange={onChange} />);

    await user.click(screen.getByRole('checkbox', { name: 'Avocado' }));
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bacon' }));
    expect(onChange).toHaveBeenLastCalledWith([12, 21, 23]);

    await user.click(screen.getByRole('radio', { name: 'Regular' }));
    expect(onChange).toHaveBeenLastCalledWith([11, 21, 23]);
    expect(screen.getByRole('radio', { name: 'Large' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Bacon' }));
    expect(onChange).toHaveBeenLastCalledWith([11, 23]);
  });

  it('disables the boxes left over once a group has its most, and frees them when one is unticked', async () => {
    const user = userEvent.setup();
    render(<Harness groups={[extras]} />);
    await user.click(screen.getByRole('checkbox', { name: 'Bacon' }));
    expect(screen.getByRole('checkbox', { name: 'Avocado' })).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Fried egg' }));
    expect(screen.getByRole('checkbox', { name: 'Avocado' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Bacon' })).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Bacon' }));
    expect(screen.getByRole('checkbox', { name: 'Avocado' })).toBeEnabled();
  });

  it('shows a group’s problem only once asked to, and drops it once the group is answered', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness groups={[size, sauces]} />);
    expect(screen.queryByText('Choose a Size')).not.toBeInTheDocument();

    rerender(<Harness groups={[size, sauces]} showProblems />);
    expect(screen.getByRole('group', { name: /^Size/ })).toHaveAccessibleDescription('Choose a Size');
    expect(screen.getByRole('group', { name: /^Sauces/ })).toHaveAccessibleDescription(
      'Choose at least 2 Sauces',
    );

    await user.click(screen.getByRole('radio', { name: 'Large' }));
    expect(screen.queryByText('Choose a Size')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: /^Size/ })).not.toHaveAccessibleDescription();
    expect(screen.getByText('Choose at least 2 Sauces')).toBeInTheDocument();
  });
});
