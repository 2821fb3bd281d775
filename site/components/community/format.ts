/** Labels the community pages print: a day in Dubai and a counted noun. */
import { DUBAI_TIME_ZONE } from '@modules/platform/dates';

export const dateLabel = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: DUBAI_TIME_ZONE });
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
