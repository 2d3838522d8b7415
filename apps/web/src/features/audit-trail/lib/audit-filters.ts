import type { AuditActor } from '@tableserve/contract/audit';
import { MAX_PER_PAGE } from '@tableserve/contract/pagination';

/** The screen's filters: a person (kind:id, '' for everyone), an action ('' for any), a day. */
export type AuditFilters = { actor: string; action: string; day: string };

export const NO_FILTERS: AuditFilters = { actor: '', action: '', day: '' };

/** A person as the select's value: 'staff:3'. */
export const actorValue = (actor: Pick<AuditActor, 'kind' | 'id'>) => `${actor.kind}:${actor.id}`;

/** The query string of one page: only the filters that are set. */
export function auditSearchParams(filters: AuditFilters, page: number, perPage: number): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  const [kind, id] = filters.actor.split(':');
  if (kind && id) {
    params.set('actor_kind', kind);
    params.set('actor_id', id);
  }
  if (filters.action) params.set('action', filters.action);
  if (filters.day) params.set('day', filters.day);
  return params;
}

/** The export reads the whole filtered trail, a full page at a time, up to this many pages. */
export const EXPORT_PAGE_SIZE = MAX_PER_PAGE;
export const EXPORT_MAX_PAGES = 200;
