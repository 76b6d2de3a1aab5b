// A string its words call a JSON Pointer (RFC 6901, an RFC 9457 `errors[].pointer`) is held to that
// form: "" or "/…". A bare member name or a URI fragment is not one; a relative pointer is not read.
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../index.js';

const answerOf = (description: string) => {
  const contract = contractFromDocument({
    openapi: '3.1.0',
    info: { title: 'pointers', version: '1' },
    paths: {
      '/checks': {
        get: {
          responses: {
            '422': {
              description: 'refused',
              content: {
                'application/problem+json': {
                  schema: {
                    type: 'object',
                    properties: {
                      errors: {
                        type: 'array',
                        items: { type: 'object', properties: { pointer: { type: 'string', description } } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  });
  const validator = contract.operations[0]!.responses[0]!.content[0]!.validator!;
  return (pointer: string) => validator.validate({ errors: [{ pointer }] }).length === 0;
};

describe('a member its words call a JSON Pointer', () => {
  it('takes "" and "/…", and refuses a bare name and a fragment', () => {
    const valid = answerOf('A JSON Pointer (RFC 6901) into the request body, such as `/venueId`.');
    expect(['', '/venueId', '/prices/A', '/a~1b'].map(valid)).toEqual([true, true, true, true]);
    expect(['venueId', '#/venueId'].map(valid)).toEqual([false, false]);
  });

  it('is not read so where the words say relative, offer a parameter name instead, or say nothing', () => {
    expect(answerOf('A relative JSON Pointer.')('0/name')).toBe(true);
    expect(answerOf('Where the problem is.')('venueId')).toBe(true);
    expect(answerOf('JSON pointer into the body, or the name of the parameter.')('cursor')).toBe(true);
  });
});
