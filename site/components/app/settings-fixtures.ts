/** Test fixtures: the public settings and payment methods a database never changed serves (the defaults). */
import { PAYMENT_METHODS } from '@modules/wallet/contract';
import { defaultSettings, publicSettingsOf } from '@modules/settings/contract';

export const DEFAULT_PUBLIC_SETTINGS = publicSettingsOf(defaultSettings('2026-01-01'));
export const DEFAULT_PAYMENT_METHODS = PAYMENT_METHODS.map((m) => ({ ...m, chargeBps: DEFAULT_PUBLIC_SETTINGS.transactionChargeBps[m.key]! }));
