/**
 * JSON for an inline `<script>` element (JSON-LD, data islands). JSON.stringify alone is not safe there:
 * a string containing `</script>` or `<!--` ends or derails the element, whatever its type. Escaping
 * `<`, `>` and `&` as \u003c, \u003e, \u0026 keeps the JSON identical to a parser while no HTML parser
 * ever sees markup; U+2028/U+2029 are escaped too, for the rare reader that evaluates it as JavaScript.
 */
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('jsonForScript: the value has no JSON form.');
  return json.replace(UNSAFE, (c) => ESCAPES[c]!);
}
