// A school's words: counts moved together ("the course's seatsTaken and the student's
// enrollmentCount each go up by one") or without their owner ("seatsTaken and enrollmentCount go
// down by one"), a value "already used by another" student, and an action that "Sets state
// `withdrawn`".
import { describe, expect, it } from 'vitest';
import { contractFromDocument, filledInOf, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const course = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    capacity: { type: 'integer', minimum: 1 },
    seatsTaken: { type: 'integer', readOnly: true },
  },
};
const student = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    email: { type: 'string' },
    status: { type: 'string', enum: ['active', 'suspended'], readOnly: true },
    enrollmentCount: { type: 'integer', readOnly: true },
  },
};
const enrollment = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    studentId: { type: 'string' },
    courseCode: { type: 'string' },
    state: { type: 'string', enum: ['active', 'completed', 'withdrawn'], readOnly: true },
    enrolledBy: { type: 'string', readOnly: true },
    approvedBy: { type: 'string', readOnly: true },
    grade: { type: ['integer', 'null'] },
    comment: { type: ['string', 'null'] },
  },
};
const collection = (schema: unknown, description = '') => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) } } },
  post: {
    description,
    requestBody: { content: json(schema) },
    responses: { '201': { description: 'made', content: json(schema) }, '409': { description: 'conflict' } },
  },
});
const item = (name: string, schema: unknown) => ({
  parameters: [id(name)],
  get: { responses: { '200': { description: 'one', content: json(schema) } } },
});
const action = (description: string, body?: unknown) => ({
  post: {
    description,
    ...(body ? { requestBody: { content: json(body) } } : {}),
    responses: { '200': { description: 'moved', content: json(enrollment) }, '409': { description: 'state' } },
  },
});

const model = inferApiModel(
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'school', version: '1' },
    paths: {
      '/courses': collection(course),
      '/courses/{code}': item('code', course),
      '/students': collection(
        student,
        'An email already used by another student (compared without regard to letter case) is refused with 409.',
      ),
      '/students/{studentId}': item('studentId', student),
      '/enrollments': collection(
        enrollment,
        "Creates an enrollment with `enrolledBy` set to the caller's login. It takes a seat: the course's seatsTaken and the student's enrollmentCount each go up by one. 409 when the course is full (seatsTaken equals capacity). Refused when studentId names no student, or a suspended one.",
      ),
      '/enrollments/{enrollmentId}': {
        ...item('enrollmentId', enrollment),
        delete: {
          description: "Deletes the enrollment for good: the course's `seatsTaken` shrinks by one.",
          responses: { '204': { description: 'deleted' } },
        },
      },
      '/enrollments/{enrollmentId}/complete': action(
        'Only an `active` enrollment can be completed (409). Sets state `completed`, grade, and completedAt to now, and frees the seat (seatsTaken and enrollmentCount go down by one). The comment is kept on the transcript.',
        { type: 'object', properties: { grade: { type: 'integer' }, comment: { type: 'string' } } },
      ),
      '/enrollments/{enrollmentId}/progress': action(
        'Records a lesson. When every lesson is recorded, `state` becomes `completed` and grade is set. Until then `grade` stays `null`.',
      ),
      '/enrollments/{enrollmentId}/withdraw': action(
        'Only an `active` enrollment can be withdrawn (409). Sets state `withdrawn` and withdrawnAt to now (approvedBy keeps its value and grade stays null), and frees the seat.',
      ),
    },
  }),
);
const idiomsOf = (path: string) => model.resources.find((resource) => resource.collection.path === path)?.idioms;

describe("a school's words", () => {
  it('reads counts moved together and counts named without their owner', () => {
    const counts = (idiomsOf('/enrollments')?.steppedCounts ?? []).map(
      ({ operation, collection, member, step, via }) =>
        `${operation.method} ${operation.path} ${collection} ${member} ${step} ${via}`,
    );
    expect(counts).toEqual([
      'POST /enrollments /courses seatsTaken 1 courseCode',
      'POST /enrollments /students enrollmentCount 1 studentId',
      // "shrinks by one", said of a deletion.
      'DELETE /enrollments/{enrollmentId} /courses seatsTaken -1 courseCode',
      'POST /enrollments/{enrollmentId}/complete /courses seatsTaken -1 courseCode',
      'POST /enrollments/{enrollmentId}/complete /students enrollmentCount -1 studentId',
      // "and frees the seat", the phrase the completion's words define: the same counts.
      'POST /enrollments/{enrollmentId}/withdraw /courses seatsTaken -1 courseCode',
      'POST /enrollments/{enrollmentId}/withdraw /students enrollmentCount -1 studentId',
    ]);
  });

  it("reads the members of an action's body its words say it sets, and no other", () => {
    const actions = idiomsOf('/enrollments')?.actions ?? [];
    // `comment` is kept elsewhere ("on the transcript"): not a member the action sets.
    expect(actions.find((action) => action.verb === 'complete')?.sets).toEqual(['grade']);
    expect(actions.find((action) => action.verb === 'withdraw')?.sets).toBeUndefined();
    // "(approvedBy keeps its value and grade stays null)": grade alone is left null.
    expect(actions.find((action) => action.verb === 'withdraw')?.nulls).toEqual(['grade']);
    // "Until then `grade` stays `null`": null only before the action completes it.
    expect(actions.find((action) => action.verb === 'progress')?.nulls).toBeUndefined();
  });

  it('reads "409 when the course is full (seatsTaken equals capacity)" as a limit on the enrollments naming it', () => {
    expect(idiomsOf('/enrollments')?.referrerLimits).toEqual([
      expect.objectContaining({ via: 'courseCode', collection: '/courses', limit: 'capacity', status: 409 }),
    ]);
  });

  it('reads "names no student, or a suspended one" as a state the named student must not be in', () => {
    expect(idiomsOf('/enrollments')?.referenceStates).toContainEqual(
      expect.objectContaining({ member: 'studentId', collection: '/students', allowed: ['active'] }),
    );
  });

  it('reads a value already used by another item as unique, without regard to case', () => {
    expect(idiomsOf('/students')?.unique).toEqual([
      expect.objectContaining({ members: ['email'], caseless: ['email'], conflictStatus: 409, limit: 1 }),
    ]);
  });

  it('reads the state an action sets, and the one it starts from', () => {
    const withdraw = idiomsOf('/enrollments')?.actions?.find((action) => action.verb === 'withdraw');
    expect(withdraw?.target).toBe('withdrawn');
    // "Only an `active` enrollment can be withdrawn": the one state it starts from.
    expect(withdraw?.from).toEqual(['active']);
  });

  it('reads a member done by the caller where the words say so, and not another done-by member', () => {
    const enrollments = model.resources.find((resource) => resource.collection.path === '/enrollments')!;
    const schema = enrollments.collection.create?.item.schema;
    expect(filledInOf(enrollments.collection, schema, model.collections).owners).toEqual(['enrolledBy']);
  });
});
