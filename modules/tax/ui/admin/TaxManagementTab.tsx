/**
 * /admin/tax/management (mounted by the Financial screen): the VAT registration settings, the tax codes with
 * the boxes they feed, and manual VAT adjustments.
 */
import { Adjustments } from './adjustments';
import { CodesTable } from './codes-table';
import { SettingsForm } from './settings-form';

export default function TaxManagementTab() {
  return (
    <>
      <SettingsForm />
      <CodesTable />
      <Adjustments />
    </>
  );
}
export { TaxManagementTab };
