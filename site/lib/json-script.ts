/**
 * JSON for an inline <script> block (JSON-LD, island data): JSON.stringify, then every character that
 * could end the script element or start markup (<, >, &) and the two line separators JavaScript treats
 * as newlines (U+2028, U+2029) written as \u escapes. The JSON means the same; a value containing
 * `</script><script>…` stays inert text.
 */
export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
