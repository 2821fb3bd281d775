/**
 * The parts of the API's OpenAPI document (/api/openapi.json) the reference screen shows, and the
 * pure functions that shape it: operations grouped by module, schemas flattened into readable rows.
 */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
  $ref?: string;
};

export type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
export type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string }>;
};
export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  'x-error-codes'?: Record<string, string[]>;
};

export type Endpoint = { method: string; path: string; tag: string; operation: Operation };
export type EndpointGroup = { tag: string; endpoints: Endpoint[] };

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation, grouped by its first tag (the module), groups and paths in alphabetical order. */
export function groupEndpoints(doc: ApiDocument, filter: { q?: string; tag?: string } = {}): EndpointGroup[] {
  const q = filter.q?.trim().toLowerCase() ?? '';
  const groups = new Map<string, Endpoint[]>();
  for (const path of Object.keys(doc.paths ?? {}).sort()) {
    const item = doc.paths[path];
    for (const method of METHOD_ORDER) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (filter.tag && tag !== filter.tag) continue;
      const text = `${method} ${path} ${operation.summary ?? ''} ${tag}`.toLowerCase();
      if (q && !q.split(/\s+/).every((word) => text.includes(word))) continue;
      const list = groups.get(tag) ?? [];
      list.push({ method: method.toUpperCase(), path, tag, operation });
      groups.set(tag, list);
    }
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([tag, endpoints]) => ({ tag, endpoints }));
}

export const tagsOf = (doc: ApiDocument) => [...new Set(Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item).map((op) => op.tags?.[0] ?? 'other')))].sort();

/** A schema's type in a few words: `string (uuid)`, `"a" | "b"`, `array of integer`, `string | number`. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(typeLabel))].join(' | ');
  if (schema.allOf) return schema.allOf.map(typeLabel).join(' & ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `array of ${typeLabel(schema.items)}`;
  if (!type) return schema.properties ? 'object' : 'any';
  return schema.format ? `${type} (${schema.format})` : type;
}

/** The limits a schema states, in words: `1–200`, `at most 120 characters`, `default 50`. */
export function constraintsLabel(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum}–${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0) parts.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (schema.pattern) parts.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

export type FieldRow = { name: string; depth: number; type: string; required: boolean; notes: string };

/** An object schema as rows, nested objects (and arrays of objects) indented, at most `maxDepth` deep. */
export function schemaRows(schema: JsonSchema | undefined, maxDepth = 3, depth = 0, prefix = ''): FieldRow[] {
  const target = schema?.type === 'array' ? schema.items : schema;
  const object = target?.properties ? target : (target?.anyOf ?? target?.oneOf)?.find((s) => s.properties);
  if (!object?.properties || depth >= maxDepth) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).flatMap(([name, child]) => [
    { name: `${prefix}${name}`, depth, type: typeLabel(child), required: required.has(name), notes: [child.description, constraintsLabel(child)].filter(Boolean).join(' · ') },
    ...schemaRows(child, maxDepth, depth + 1, `${prefix}${name}${child.type === 'array' ? '[]' : ''}.`),
  ]);
}

export const bodySchema = (op: Operation): JsonSchema | undefined => {
  const content = op.requestBody?.content ?? {};
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
};
