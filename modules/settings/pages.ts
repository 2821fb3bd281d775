/**
 * The settings as server-rendered pages read them: registered by settingsRoutes with the server's database (the
 * same in-process registry pattern as the property catalogue), so pages never import the database. Server-only.
 */
import { defaultSettings, publicSettingsOf, type PublicSettingsJson } from './contract';

type Registry = { load?: () => Promise<PublicSettingsJson> };
const KEY = Symbol.for('manzil.settings.pages');
const registry = ((globalThis as Record<symbol, unknown>)[KEY] ??= {}) as Registry;

export function provideSettings(load: () => Promise<PublicSettingsJson>): void {
  registry.load = load;
}

/** The fees, minimums and limits in force; the defaults only when no server registered (a build without one). */
export async function pageSettings(): Promise<PublicSettingsJson> {
  if (registry.load) return registry.load();
  return publicSettingsOf(defaultSettings(new Date().toISOString().slice(0, 10)));
}
