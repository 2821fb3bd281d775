/**
 * Every row of a list on the list contract (decision 010), read 200 at a time: for pickers that offer
 * the whole set (a property to record figures for). Screens that show a list page it instead.
 */
import { LIST_LIMIT_MAX, type ListResult } from '@modules/platform/list';
import { api } from '@site/lib/api';

export async function fetchAllPages<T>(url: string): Promise<ListResult<T>> {
  const items: T[] = [];
  const sep = url.includes('?') ? '&' : '?';
  for (let offset = 0; ; offset += LIST_LIMIT_MAX) {
    const page = await api.get<ListResult<T>>(`${url}${sep}limit=${LIST_LIMIT_MAX}&offset=${offset}`);
    items.push(...page.items);
    if (page.items.length < LIST_LIMIT_MAX || items.length >= page.total) return { items, total: page.total };
  }
}
