/**
 * /admin/properties: the catalogue from draft to exit. The list is the one admin table (searched,
 * filtered, sorted and paged by the server, its state in the address); a property opens in place
 * (?property={id} in the address, the list's own state kept beside it) with its details form, photos,
 * documents and the audit trail of everything done to it, and the status actions its state allows.
 */
import { useCallback, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Dialog } from '../ledger/parts';
import { PropertyDetail } from '../properties/PropertyDetail';
import { PropertyForm } from '../properties/PropertyForm';
import { PropertyList } from '../properties/PropertyList';

/** The ?property= of the address: which property is open. Opening and closing one are history entries. */
function useOpenProperty(): [string | null, (id: string | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const id = new URLSearchParams(search).get('property');
  const open = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(search);
      if (next) params.set('property', next);
      else params.delete('property');
      const qs = params.toString();
      navigate(`${location}${qs ? `?${qs}` : ''}`);
      window.scrollTo({ top: 0 });
    },
    [search, location, navigate],
  );
  return [id, open];
}

export default function Properties() {
  const [openId, open] = useOpenProperty();
  const [creating, setCreating] = useState(false);
  const onOpen = useCallback((id: string) => open(id), [open]);
  if (openId) return <PropertyDetail id={openId} onBack={() => open(null)} />;
  return (
    <>
      <PropertyList onOpen={onOpen} onCreate={() => setCreating(true)} />
      <Dialog open={creating} onClose={() => setCreating(false)} title="New property" description="It starts as a draft: only administrators see it until you publish it." wide="xl">
        <PropertyForm
          onCancel={() => setCreating(false)}
          onSaved={(p) => {
            setCreating(false);
            open(p.id);
          }}
        />
      </Dialog>
    </>
  );
}
