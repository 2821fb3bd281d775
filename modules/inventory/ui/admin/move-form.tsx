/**
 * Recording a stock move: a receipt into a warehouse or bin (with its unit cost, and how it was bought), an
 * issue to a property or maintenance job, a transfer between locations, or a stock count (the counted
 * quantity; the difference is posted as a count adjustment).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { apiRequest, errorText } from '@site/lib/api';
import { locationKindLabels, parseQuantity, quantityString, STORE_KINDS, type ItemJson, type LocationJson, type MoveType, type StockRowJson } from '../../contract';
import { AMOUNT_TYPED, ITEMS, LOCATIONS, MOVES, QUANTITY_TYPED, refreshInventory, STOCK, typedAed, typedQuantity } from './shared';

export type MoveKind = MoveType | 'count';
type Draft = { item: string; quantity: string; cost: string; from: string; to: string; date: string; note: string; bought: 'credit' | 'order' | 'bank'; order: string; bank: string };
const blank: Draft = { item: '', quantity: '', cost: '', from: '', to: '', date: '', note: '', bought: 'credit', order: '', bank: '' };
const titles: Record<MoveKind, string> = { receipt: 'Receive stock', issue: 'Issue stock', transfer: 'Transfer stock', adjustment: 'Adjust stock', count: 'Record a stock count' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function MoveForm({ kind, onClose }: { kind: MoveKind | null; onClose: () => void }) {
  const open = kind !== null;
  const client = useQueryClient();
  const items = useQuery<{ items: ItemJson[] }>({ queryKey: [`${ITEMS}?limit=200&sort=name`], enabled: open });
  const locations = useQuery<{ items: LocationJson[] }>({ queryKey: [`${LOCATIONS}?limit=200&sort=code`], enabled: open });
  const banks = useQuery<{ items: { id: string; name: string }[] }>({ queryKey: ['/api/admin/bank-accounts'], enabled: open && kind === 'receipt' });
  const [d, setD] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const stock = useQuery<{ items: StockRowJson[] }>({ queryKey: [`${STOCK}?itemId=${d.item}&locationId=${d.to}`], enabled: open && kind === 'count' && UUID.test(d.item) && UUID.test(d.to) });
  useEffect(() => {
    if (open) {
      setKey(crypto.randomUUID());
      setD(blank);
      setErrors({});
      setError(null);
    }
  }, [open, kind]);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const save = useMutation({
    // One key per opening of the form: a double click records the move once.
    mutationFn: (body: object) => apiRequest('POST', MOVES, body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () => {
      void refreshInventory(client);
      onClose();
    },
    onError: (e) => setError(errorText(e, 'The move was not recorded.')),
  });
  const all = locations.data?.items ?? [];
  const store = all.filter((l) => STORE_KINDS.includes(l.kind));
  const outside = all.filter((l) => !STORE_KINDS.includes(l.kind));
  const opts = (list: LocationJson[]) => [{ value: '', label: 'Choose a location' }, ...list.map((l) => ({ value: l.id, label: `${l.code} · ${l.name} (${locationKindLabels[l.kind].toLowerCase()})` }))];
  const onHand = stock.data ? (parseQuantity(stock.data.items[0]?.quantity ?? '0') ?? 0n) : null;

  const submit = () => {
    if (!kind) return;
    const e: Partial<Record<keyof Draft, string>> = {};
    if (!d.item) e.item = 'Choose the item.';
    const counted = kind === 'count' ? (d.quantity.trim() === '0' ? 0n : typedQuantity(d.quantity)) : typedQuantity(d.quantity, kind === 'adjustment');
    if (counted === null) e.quantity = kind === 'adjustment' ? 'Type the difference, like 2 for stock found or -2 for stock missing.' : QUANTITY_TYPED;
    const cost = d.cost.trim() ? typedAed(d.cost) : null;
    if (kind === 'receipt' && cost === null) e.cost = AMOUNT_TYPED;
    if ((kind === 'issue' || kind === 'transfer') && !d.from) e.from = 'Choose where the stock comes from.';
    if (kind !== 'adjustment' && kind !== 'count' && kind !== 'receipt' && !d.to) e.to = 'Choose where the stock goes.';
    if ((kind === 'receipt' || kind === 'count' || kind === 'adjustment') && !d.to) e.to = 'Choose the warehouse or bin.';
    if (kind === 'receipt' && d.bought === 'order' && !UUID.test(d.order.trim())) e.order = 'Paste the purchase order’s id from its page.';
    if (kind === 'receipt' && d.bought === 'bank' && !d.bank) e.bank = 'Choose the bank account it was paid from.';
    if (kind === 'count' && onHand === null) e.quantity = 'Wait for the quantity on hand to load.';
    setErrors(e);
    if (Object.keys(e).length) return;
    const difference = kind === 'count' ? counted! - onHand! : counted!;
    if (difference === 0n) {
      setError('The count matches the stock on hand: there is nothing to adjust.');
      return;
    }
    save.mutate({
      itemId: d.item,
      type: kind === 'count' ? 'adjustment' : kind,
      quantity: quantityString(difference),
      ...(cost !== null ? { unitCost: cost.toString() } : {}),
      ...(d.from && (kind === 'issue' || kind === 'transfer') ? { from: d.from } : {}),
      ...(d.to ? { to: d.to } : {}),
      ...(d.date ? { date: d.date } : {}),
      note: d.note.trim(),
      ...(kind === 'receipt' && d.bought === 'order' ? { purchaseOrderId: d.order.trim() } : {}),
      ...(kind === 'receipt' && d.bought === 'bank' ? { paidFrom: d.bank } : {}),
    });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title={kind ? titles[kind] : 'Stock move'}
      description="The move is valued at cost and posted to the ledger as soon as it is recorded; a move is corrected by another move, never edited."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={Save} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Recording…' : 'Record move'}
          </Button>
        </>
      }
    >
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => (e.preventDefault(), submit())}>
        <Select className="sm:col-span-2" label="Item" value={d.item} onChange={(item) => set({ item })} error={errors.item} options={[{ value: '', label: 'Choose an item' }, ...(items.data?.items ?? []).map((i) => ({ value: i.id, label: `${i.sku} · ${i.name} (${i.onHand} in store)` }))]} />
        {kind === 'issue' || kind === 'transfer' ? <Select label="From" value={d.from} onChange={(from) => set({ from })} error={errors.from} options={opts(store)} /> : null}
        {kind === 'issue' ? <Select label="To" value={d.to} onChange={(to) => set({ to })} error={errors.to} options={opts(outside)} hint="A property (capitalised as fit-out) or a maintenance job (expensed)." /> : null}
        {kind === 'transfer' ? <Select label="To" value={d.to} onChange={(to) => set({ to })} error={errors.to} options={opts(all.filter((l) => l.id !== d.from))} hint="Into a property the stock is capitalised as fit-out." /> : null}
        {kind === 'receipt' || kind === 'count' || kind === 'adjustment' ? <Select label="Warehouse or bin" value={d.to} onChange={(to) => set({ to })} error={errors.to} options={opts(store)} /> : null}
        <Field
          label={kind === 'count' ? 'Counted quantity' : kind === 'adjustment' ? 'Difference (negative for missing stock)' : 'Quantity'}
          value={d.quantity}
          onChange={(quantity) => set({ quantity })}
          inputMode="decimal"
          error={errors.quantity}
          hint={kind === 'count' && onHand !== null ? `${quantityString(onHand)} on hand at this location.` : undefined}
        />
        {kind === 'receipt' || kind === 'adjustment' || kind === 'count' ? (
          <Field label={kind === 'receipt' ? 'Unit cost (AED)' : 'Unit cost of stock found (AED, optional)'} value={d.cost} onChange={(c) => set({ cost: c })} inputMode="decimal" error={errors.cost} hint={kind === 'receipt' ? undefined : 'Left empty, found stock is valued at the item’s current cost.'} />
        ) : null}
        {kind === 'receipt' ? (
          <>
            <Select label="Bought" value={d.bought} onChange={(b) => set({ bought: b as Draft['bought'] })} options={[{ value: 'credit', label: 'On credit (Cr 2310 trade payables)' }, { value: 'order', label: 'Against a purchase order (Cr 2330)' }, { value: 'bank', label: 'Paid from a bank account' }]} />
            {d.bought === 'order' ? <Field label="Purchase order id" value={d.order} onChange={(order) => set({ order })} error={errors.order} /> : null}
            {d.bought === 'bank' ? <Select label="Bank account" value={d.bank} onChange={(bank) => set({ bank })} error={errors.bank} options={[{ value: '', label: 'Choose an account' }, ...(banks.data?.items ?? []).map((b) => ({ value: b.id, label: b.name }))]} /> : null}
          </>
        ) : null}
        <Field label="Date (optional)" type="date" value={d.date} onChange={(date) => set({ date })} hint="Today when left empty." />
        <Field className="sm:col-span-2" label="Note" value={d.note} onChange={(note) => set({ note })} maxLength={500} />
        {error ? (
          <div className="sm:col-span-2">
            <ErrorNote title="Not recorded">{error}</ErrorNote>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
