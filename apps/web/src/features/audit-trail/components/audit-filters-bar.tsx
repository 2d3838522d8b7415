import { AUDIT_ACTION_LABELS, type AuditActor, auditMessages as text } from '@tableserve/contract/audit';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { control } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { describeActor } from '@/orders/lib/audit-format';
import { type AuditFilters, actorValue, NO_FILTERS } from '../lib/audit-filters';

const selectClasses = cn(control, 'min-h-[2.875rem] appearance-auto pr-2');

/** 'Sam Server (Staff)'; TableServe alone, since it is its own kind. */
function actorOption(actor: AuditActor) {
  const { name, kind } = describeActor(actor);
  return kind ? `${name} (${kind})` : name;
}

/** Person, action and day, each with its visible label, and a way back to the whole trail. */
export function AuditFiltersBar({
  filters,
  actors,
  onChange,
}: {
  filters: AuditFilters;
  actors: readonly AuditActor[];
  onChange: (filters: AuditFilters) => void;
}) {
  const id = useId();
  const set = (key: keyof AuditFilters) => (value: string) => onChange({ ...filters, [key]: value });
  const filtered = filters.actor !== '' || filters.action !== '' || filters.day !== '';
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-person`} className="text-sm font-medium text-stone-700">
          {text.person}
        </label>
        <select
          id={`${id}-person`}
          value={filters.actor}
          onChange={(event) => set('actor')(event.target.value)}
          className={selectClasses}
        >
          <option value="">{text.everyone}</option>
          {actors.map((actor) => (
            <option key={actorValue(actor)} value={actorValue(actor)}>
              {actorOption(actor)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-action`} className="text-sm font-medium text-stone-700">
          {text.action}
        </label>
        <select
          id={`${id}-action`}
          value={filters.action}
          onChange={(event) => set('action')(event.target.value)}
          className={selectClasses}
        >
          <option value="">{text.anyAction}</option>
          {Object.entries(AUDIT_ACTION_LABELS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-day`} className="text-sm font-medium text-stone-700">
          {text.day}
        </label>
        <input
          id={`${id}-day`}
          type="date"
          value={filters.day}
          onChange={(event) => set('day')(event.target.value)}
          className={cn(control, 'min-h-[2.875rem]')}
        />
      </div>
      <Button variant="ghost" disabled={!filtered} onClick={() => onChange(NO_FILTERS)}>
        {text.clear}
      </Button>
    </div>
  );
}
