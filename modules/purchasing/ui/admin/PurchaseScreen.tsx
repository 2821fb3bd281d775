/**
 * /admin/purchase and /admin/erp/purchase: buying for Manzil and its properties. Purchase requests with
 * approval (a second administrator above the threshold), a new request, and the suppliers (?tab=suppliers).
 * Orders are at /admin/purchase/orders, bills and payments at /admin/financial/payables.
 */
import { ClipboardList, Plus, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button, ButtonLink, ScreenIntro, TabLinks } from '@site/components/admin/ui';
import { RequestForm } from './request-form';
import { RequestsList } from './requests-list';
import { ORDERS_PATH, PAYABLES_PATH } from './shared';
import { SuppliersList } from './suppliers-list';

export default function PurchaseScreen() {
  const [path] = useLocation();
  const tab = new URLSearchParams(useSearch()).get('tab') === 'suppliers' ? 'suppliers' : 'requests';
  const [newRequest, setNewRequest] = useState(false);
  return (
    <>
      <ScreenIntro
        description="Buying for Manzil and its properties: requests from the team, approval (by a second administrator above the threshold), the purchase order to the supplier, and the bill that follows."
        actions={
          <>
            <ButtonLink href={ORDERS_PATH} icon={ClipboardList}>
              Purchase orders
            </ButtonLink>
            <ButtonLink href={PAYABLES_PATH} icon={Receipt}>
              Bills and payments
            </ButtonLink>
            <Button variant="primary" icon={Plus} onClick={() => setNewRequest(true)}>
              New request
            </Button>
          </>
        }
      />
      <TabLinks
        label="Purchasing"
        current={tab}
        tabs={[
          { key: 'requests', title: 'Requests', href: path },
          { key: 'suppliers', title: 'Suppliers', href: `${path}?tab=suppliers` },
        ]}
      />
      <div className="mt-6">{tab === 'suppliers' ? <SuppliersList /> : <RequestsList />}</div>
      <RequestForm open={newRequest} onClose={() => setNewRequest(false)} />
    </>
  );
}
