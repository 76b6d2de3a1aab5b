// multipart/form-data parts read as OpenAPI says: an object part is JSON (Box's upload attributes).
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'uploads', version: '1' },
  paths: {
    '/files': {
      post: {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['attributes', 'file'],
                properties: {
                  attributes: {
                    type: 'object',
                    required: ['name', 'parent'],
                    properties: {
                      name: { type: 'string' },
                      parent: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
                    },
                  },
                  tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } },
                  copies: { type: 'integer' },
                  file: { type: 'string', format: 'binary' },
                },
              },
            },
          },
        },
        responses: { '201': { description: 'stored' }, '400': { description: 'bad' } },
      },
    },
  },
});

const attributes = JSON.stringify({ name: 'a.png', parent: { id: '0' } });
const upload = () => request(createMockApp({ contract, seed: null })).post('/files');

describe('multipart bodies', () => {
  it('reads an object part as JSON, with or without its own Content-Type', async () => {
    const plain = await upload()
      .field('attributes', attributes)
      .field('copies', '2')
      .attach('file', Buffer.from('x'), 'a.png');
    expect(plain.status).toBe(201);
    const typed = await upload()
      .field('attributes', attributes, { contentType: 'application/json' })
      .field('tags', JSON.stringify([{ label: 'cat' }]))
      .attach('file', Buffer.from('x'), 'a.png');
    expect(typed.status).toBe(201);
  });

  it('refuses an object part that is not JSON, or JSON that breaks its schema', async () => {
    const notJson = await upload().field('attributes', 'name=a.png').attach('file', Buffer.from('x'), 'a.png');
    expect(notJson.status).toBe(400);
    const wrong = await upload()
      .field('attributes', JSON.stringify({ name: 'a.png' }))
      .attach('file', Buffer.from('x'), 'a.png');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('/attributes/parent');
  });
});
