/** ISO 3166-1 alpha-2 codes of countries and territories people hold nationality of or live in (uninhabited territories left out). */
const CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CD CF CG CH CI CK CL CM CN CO CR CU CV CW CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'.split(
    ' ',
  );

let cache: { value: string; label: string }[] | undefined;

/** Country options named in English by the browser (Intl.DisplayNames), sorted by name. */
export function countryOptions(): { value: string; label: string }[] {
  if (cache) return cache;
  let name = (code: string) => code;
  try {
    const dn = new Intl.DisplayNames(['en'], { type: 'region' });
    name = (code) => dn.of(code) ?? code;
  } catch {
    /* very old browsers: codes only */
  }
  cache = CODES.map((value) => ({ value, label: name(value) })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return cache;
}

export function countryName(code: string): string {
  return countryOptions().find((c) => c.value === code)?.label ?? code;
}

/** The seven emirates, for addresses in the UAE. */
export const EMIRATES = ['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'] as const;
