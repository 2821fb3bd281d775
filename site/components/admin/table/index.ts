export { AdminTable, type AdminTableProps } from './AdminTable';
export { col, DateCell, LinkCell, MoneyCell, PersonCell, StatusCell, type AdminColumn, type Tone } from './columns';
export { adminListKeys, invalidateAdminList } from './query-keys';
export type { FilterDef } from './toolbar';
