// Object-level authorization (OWASP API1): where the model marks a resource as owned, an item made
// with the first credential is neither readable, changeable nor deletable with a second one
// (--other-api-key), and is still there, unchanged, for the first. Judged by
// object_level_authorization; each finding names both requests.

import type { Resource } from '../../../spec/index.js';
import { KEY_VARIABLE, OTHER_KEY_VARIABLE } from '../../auth/auth-variants.js';
import type { OwnershipEvidence, TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { parentParams } from './parents.js';
import { withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

/** The same case sent with the second credential in place of the first. */
function asOtherUser(testCase: TestCase, otherKey: string, firstKey: string | undefined): TestCase {
  const credentials = testCase.auth.credentials.map((credential) => ({
    ...credential,
    value: firstKey ? credential.value.split(firstKey).join(otherKey) : otherKey,
    shell: credential.shell.split(`\${${KEY_VARIABLE}}`).join(`\${${OTHER_KEY_VARIABLE}}`),
  }));
  return {
    ...testCase,
    auth: { ...testCase.auth, id: 'other-user', label: "another user's valid credentials", credentials },
    label: `${testCase.label} as another user`,
  };
}

/** If-Match: * (any version) where the operation takes If-Match: the refusal must be for whose
 * item it is, not for a missing or stale precondition. */
function anyVersion(testCase: TestCase): TestCase {
  const ifMatch = testCase.operation.parameters.find((p) => p.in === 'header' && /^if-match$/i.test(p.name));
  if (!ifMatch) return testCase;
  return withHeader(testCase, ifMatch.name, '*');
}

export async function runOwnership(
  resource: Resource,
  context: PlanContext,
  runner: SequenceRunner,
  otherKey: string | undefined,
): Promise<void> {
  const { collection } = resource;
  const { create, read } = collection;
  if (!create || runner.stopped()) return;
  const parent = await parentParams(collection, context, runner);
  const [body] = await runner.freshBodies(collection, 1, 'ownership');
  if (body === undefined) return;
  const creation = context.testCase(create.operation, {
    kind: 'positive',
    plain: true,
    pathParams: parent,
    payload: { kind: 'json', value: body },
    what: 'by the first user',
  });
  if (otherKey === undefined) {
    const evidence: OwnershipEvidence = { step: 'no-second-credential', madeBy: creation.label };
    await runner.execute(creation, { collection, sequence: { ownership: evidence } });
    return;
  }
  const reach = runner.reach.scenario('ownership scenario', collection.path, ["another user's access refused"]);
  const making = await runner.make(collection, { what: 'by the first user', purpose: 'ownership', parent });
  if ('refused' in making) return reach.stop(making.refused);
  const { id, at } = making.made;
  reach.done("another user's access refused");
  const firstKey = context.secrets.apiKey;
  const evidence = (step: OwnershipEvidence['step']): OwnershipEvidence => ({ step, id, madeBy: creation.label });

  const attempts: TestCase[] = [];
  if (read)
    attempts.push(
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at(read.parameter),
        what: 'of another user',
      }),
    );
  const change = collection.update ?? collection.replace;
  const [changeValue] = change ? context.plainBodies(change.operation, 1, 'ownership') : [];
  if (change && changeValue !== undefined)
    attempts.push(
      context.testCase(change.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at(change.parameter),
        payload: { kind: 'json', value: changeValue },
        what: 'of another user',
      }),
    );
  if (collection.remove)
    attempts.push(
      context.testCase(collection.remove.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at(collection.remove.parameter),
        what: 'of another user',
      }),
    );
  for (const attempt of attempts) {
    if (runner.stopped()) return;
    await runner.execute(asOtherUser(anyVersion(attempt), otherKey, firstKey), {
      collection,
      sequence: { ownership: evidence('other-user') },
    });
  }
  if (read) {
    const own = context.testCase(read.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at(read.parameter),
      what: 'by its owner, after another user tried',
    });
    const payload = making.made.testCase.payload;
    const sent = payload?.kind === 'json' ? (payload.value as Record<string, unknown>) : undefined;
    await runner.execute(own, {
      collection,
      sequence: { ownership: { ...evidence('owner-still-has'), ...(sent ? { sent } : {}) } },
    });
  }
}
