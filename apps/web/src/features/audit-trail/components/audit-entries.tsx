import { type AuditEntry, auditMessages as text } from '@tableserve/contract/audit';
import {
  describeAction,
  describeActor,
  describeChanges,
  describeObject,
  formatAuditTime,
} from '@/orders/lib/audit-format';

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry);
  if (changes.length === 0) return <span className="text-stone-400">—</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {changes.map((change) => (
        <li key={change} className="[overflow-wrap:anywhere]">
          {change}
        </li>
      ))}
    </ul>
  );
}

/** The name, and the kind under it unless it is the name (TableServe). */
function Actor({ entry }: { entry: AuditEntry }) {
  const actor = describeActor({ name: entry.actor_name, kind: entry.actor_kind });
  return (
    <>
      {actor.name}
      {actor.kind && <span className="block text-xs font-normal text-stone-500">{actor.kind}</span>}
    </>
  );
}

/**
 * The entries, newest first: a table on a wide screen, one card per entry on a phone or a tablet,
 * where five columns would not fit. Every cell wraps, so a long change or name never widens the
 * page.
 */
export function AuditEntries({ entries, timeZone }: { entries: readonly AuditEntry[]; timeZone: string }) {
  return (
    <>
      <table className="hidden w-full text-left text-sm lg:table">
        <thead className="border-b border-stone-200 text-xs font-semibold tracking-wide text-stone-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-4">
              {text.columns.time}
            </th>
            <th scope="col" className="py-2 pr-4">
              {text.columns.who}
            </th>
            <th scope="col" className="py-2 pr-4">
              {text.columns.action}
            </th>
            <th scope="col" className="py-2 pr-4">
              {text.columns.object}
            </th>
            <th scope="col" className="py-2">
              {text.columns.change}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 align-top">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="min-w-28 py-3 pr-4 text-stone-600 tabular-nums">
                <time dateTime={entry.at}>{formatAuditTime(entry.at, timeZone)}</time>
              </td>
              <td className="min-w-28 py-3 pr-4 font-medium text-stone-900 [overflow-wrap:anywhere]">
                <Actor entry={entry} />
              </td>
              <td className="min-w-36 py-3 pr-4 text-stone-800">{describeAction(entry)}</td>
              <td className="min-w-28 py-3 pr-4 text-stone-700 [overflow-wrap:anywhere]">
                {describeObject(entry)}
              </td>
              <td className="w-[40%] py-3 text-stone-700">
                <Changes entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col divide-y divide-stone-100 lg:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 py-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold text-stone-900">{describeAction(entry)}</span>
              <span className="min-w-0 text-stone-700 [overflow-wrap:anywhere]">{describeObject(entry)}</span>
            </div>
            <p className="text-stone-600 [overflow-wrap:anywhere]">
              {entry.actor_name} · <time dateTime={entry.at}>{formatAuditTime(entry.at, timeZone)}</time>
            </p>
            <div className="text-stone-700">
              <Changes entry={entry} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
