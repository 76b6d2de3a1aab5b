// A write the words say changes nothing when repeated ("Recording a number that is already there
// changes nothing", "Deleting an already retired part answers `204` again and changes nothing": the
// model's keptOnRepeat): an item of the run's own, in a state the write starts from, gets the same
// request twice and is read after each. The second read must match the first (judged as
// kept-on-repeat, api_idioms_honoured). A deletion that removes its item is not read again.
import type { KeptOnRepeat, Resource } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { parseJson } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { intoStartState } from './action-paths.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, itemOf, type SequenceRunner } from './sequence-runner.js';

export const keepsOnRepeat = (resource: Resource): boolean => (resource.idioms.keptOnRepeat?.length ?? 0) > 0;

const stepOf = ({ verb }: KeptOnRepeat) => `${verb} repeated changes nothing`;

export async function checkKeptOnRepeat(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const { read } = collection;
  const repeats = resource.idioms.keptOnRepeat ?? [];
  if (repeats.length === 0 || !read || runner.stopped()) return;
  const reach = runner.reach.scenario('repeats', collection.path, repeats.map(stepOf));
  const parent =
    (await createParent(collection, context, runner, 'repeats')) ?? (await parentParams(collection, context, runner));
  if (!parent) return reach.stop('no parent could be made or found');
  const actions = resource.idioms.actions ?? [];
  const readCase = (at: Record<string, string>, what: string) =>
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: at, what });
  for (const repeat of repeats) {
    if (runner.stopped()) break;
    const step = stepOf(repeat);
    const made = await runner.make(collection, { what: `to ${repeat.verb} twice`, purpose: 'repeats', parent });
    if ('refused' in made) {
      reach.skip(step, made.refused);
      continue;
    }
    const at = made.made.at(read.parameter);
    const action = actions.find((one) => one.operation === repeat.operation);
    const target = { collection, idText: at[read.parameter]!, at };
    if (!(await intoStartState(action, actions, made.made.item, target, context, runner))) {
      reach.skip(step, `no action moved it to ${action?.from?.join(' or ')}`);
      continue;
    }
    const parameter = repeat.verb === 'delete' ? collection.remove?.parameter : read.parameter;
    // One case sent twice: the same body both times.
    const write = context.testCase(repeat.operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.made.at(parameter ?? read.parameter),
      what: `(${repeat.verb}, to be sent again)`,
    });
    const first = await runner.send(write);
    if (!first?.ok || first.response.status >= 300) {
      reach.skip(
        step,
        `its first ${repeat.verb} was ${first?.ok ? `answered ${first.response.status}` : 'not answered'}`,
      );
      continue;
    }
    const once = await runner.send(readCase(at, `after one ${repeat.verb}`));
    const item = once?.ok && once.response.status < 300 ? itemOf(parseBody(once), collection) : undefined;
    if (!item) {
      reach.skip(
        step,
        `the item read ${once?.ok ? `answered ${once.response.status}` : 'not answered'} after one ${repeat.verb}`,
      );
      continue;
    }
    // The very body the first carried (the lesson it named), not the next one a fill would name.
    const sent = write.payload?.kind === 'json' ? jsonOf(first.request.body) : undefined;
    const again = await runner.execute(
      sent === undefined
        ? write
        : {
            ...context.plainBodyCase(repeat.operation, sent, `(${repeat.verb} again)`, write.pathParams),
            sentAgain: true,
          },
      { collection },
    );
    if (!again?.exchange.ok || again.exchange.response.status >= 500) {
      reach.skip(step, `its second ${repeat.verb} was ${answeredAs(again)}`);
      continue;
    }
    await runner.execute(readCase(at, `after a second ${repeat.verb}`), {
      collection,
      sequence: { idiom: { idiom: 'kept-on-repeat', expected: item, verb: repeat.verb, words: repeat.words } },
    });
    reach.done(step);
  }
}

/** The JSON a request carried, where it parses (an int64 id's digits kept). */
function jsonOf(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : parseJson(text);
  } catch {
    return undefined;
  }
}
