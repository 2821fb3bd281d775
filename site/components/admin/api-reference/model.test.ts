import { describe, expect, it } from 'vitest';
import { groupEndpoints, schemaRows, tagsOf, typeLabel, type ApiDocument } from './model';

const doc: ApiDocument = {
  openapi: '3.1.2',
  info: { title: 'Manzil API', version: '1' },
  paths: {
    '/api/wallet/deposits': {
      post: { tags: ['wallet'], requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['amount'], properties: { amount: { anyOf: [{ type: 'number' }, { type: 'string' }] }, method: { enum: ['card', 'bank'] } } } } } } },
      get: { tags: ['wallet'] },
    },
    '/api/admin/ledger/accounts/{code}': { delete: { tags: ['ledger (admin)'] }, get: { tags: ['ledger (admin)'] } },
  },
};

describe('API reference model', () => {
  it('groups operations by module, methods in a fixed order, filterable by words and tag', () => {
    expect(groupEndpoints(doc).map((g) => [g.tag, g.endpoints.map((e) => `${e.method} ${e.path}`)])).toEqual([
      ['ledger (admin)', ['GET /api/admin/ledger/accounts/{code}', 'DELETE /api/admin/ledger/accounts/{code}']],
      ['wallet', ['GET /api/wallet/deposits', 'POST /api/wallet/deposits']],
    ]);
    expect(groupEndpoints(doc, { q: 'post deposits' }).flatMap((g) => g.endpoints.map((e) => e.method))).toEqual(['POST']);
    expect(groupEndpoints(doc, { tag: 'wallet' }).map((g) => g.tag)).toEqual(['wallet']);
    expect(tagsOf(doc)).toEqual(['ledger (admin)', 'wallet']);
  });

  it('reads a body schema as rows a person can scan', () => {
    const schema = doc.paths['/api/wallet/deposits'].post.requestBody!.content!['application/json'].schema;
    expect(schemaRows(schema)).toEqual([
      { name: 'amount', depth: 0, type: 'number | string', required: true, notes: '' },
      { name: 'method', depth: 0, type: '"card" | "bank"', required: false, notes: '' },
    ]);
    expect(typeLabel({ type: 'array', items: { type: 'string', format: 'uuid' } })).toBe('array of string (uuid)');
    expect(schemaRows({ type: 'object', properties: { lines: { type: 'array', items: { type: 'object', properties: { debit: { type: 'string', maxLength: 20 } } } } } })).toEqual([
      { name: 'lines', depth: 0, type: 'array of object', required: false, notes: '' },
      { name: 'lines[].debit', depth: 1, type: 'string', required: false, notes: 'at most 20 characters' },
    ]);
  });
});
