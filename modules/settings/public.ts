/** The settings investors' screens, quotes and pages read (GET /api/settings/public): no copies in the browser. */
import type { Db } from '@db/client';
import { chargeBpsByMethod, publicSettingsOf, type PublicSettingsJson } from './contract';
import { settingsOn } from './service';

/** Each method's transaction charge in force on `on`. */
export const transactionCharges = async (db: Db, on?: string) => chargeBpsByMethod(await settingsOn(db, on));

export const publicSettings = async (db: Db, on?: string): Promise<PublicSettingsJson> => publicSettingsOf(await settingsOn(db, on));
