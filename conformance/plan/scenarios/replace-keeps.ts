// Children a replacement keeps (the model's childrenKeptOnReplace: "its `createdAt` and its sessions
// are kept"): an item of the run's own gets a child, is replaced with the body it was made from
// (as the PUT takes it), and the child is read after it. A child gone is created_item_unreadable.
import { propertiesOf, type Resource } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import type { MadeItem } from './making.js';
import { parentParams } from './parents.js';
import { answeredAs, type SequenceRunner, succeeded } from './sequence-runner.js';

export const keepsOnReplace = (resource: Resource): boolean => (resource.idioms.childrenKeptOnReplace?.length ?? 0) > 0;

const stepOf = (path: string) => `${path} kept by a replacement`;

export async function checkChildrenKeptOnReplace(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const replace = collection.replace;
  const kept = resource.idioms.childrenKeptOnReplace ?? [];
  const request = replace && context.requestSchema(replace.operation);
  if (!replace || !request || kept.length === 0 || runner.stopped()) return;
  const reach = runner.reach.scenario('children kept on replace', collection.path, kept.map(stepOf));
  const parent = await parentParams(collection, context, runner);
  const making = await runner.make(collection, {
    what: 'to be replaced with a child',
    purpose: 'replace keeps',
    parent,
  });
  if ('refused' in making) return reach.stop(making.refused);
  const at = making.made.at(replace.parameter);
  const children: Array<{ path: string; made: MadeItem }> = [];
  for (const path of kept) {
    const child = context.collections.find((one) => one.path === path);
    const made = child?.read
      ? await runner.make(child, { what: "to outlive its parent's replacement", purpose: 'replace keeps', parent: at })
      : undefined;
    if (!made || 'refused' in made) reach.skip(stepOf(path), made ? made.refused : `${path} items cannot be read`);
    else children.push({ path, made: made.made });
  }
  if (children.length === 0) return;
  // The body it was made from, as the PUT takes it (a key the path names left out).
  const declared = propertiesOf(request.schema);
  const sent = asObject(making.made.sent) ?? {};
  const body = Object.fromEntries(Object.entries(sent).filter(([member]) => member in declared));
  if (!request.isValid(body)) {
    for (const { path } of children) reach.skip(stepOf(path), 'no valid replacement body could be drawn');
    return;
  }
  const replaced = await runner.execute(
    context.plainBodyCase(replace.operation, body, 'the body it was made from, with a child under it', at),
    { collection },
  );
  if (!succeeded(replaced)) {
    for (const { path } of children) reach.skip(stepOf(path), `its replacement was refused: ${answeredAs(replaced)}`);
    return;
  }
  for (const { path, made } of children) {
    const child = context.collections.find((one) => one.path === path)!;
    const read = child.read!;
    await runner.execute(
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: made.at(read.parameter),
        what: 'after its parent was replaced',
      }),
      { collection: child, sequence: { readBack: { id: made.id, sent: {} } } },
    );
    reach.done(stepOf(path));
  }
}
