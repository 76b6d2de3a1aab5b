// `node dist/scripts/model-coverage.js FILE...`: of the paths that have both a GET and a POST, how
// many the mock serves statefully (both bound to a stateful behaviour: list and create, read and a
// POST update or action), per document and in all.
// A measure of the API model on documents we did not write (fetched, never committed).
import { bindBehaviours } from '../mock/behaviours/behaviours.js';
import { loadContract } from '../spec/index.js';

let pairs = 0;
let stateful = 0;
const failures: string[] = [];
for (const file of process.argv.slice(2)) {
  try {
    const contract = await loadContract(file);
    const { behaviours } = bindBehaviours(contract);
    const byPath = new Map<string, Set<string>>();
    for (const operation of contract.operations) {
      const kinds = byPath.get(operation.path) ?? new Set<string>();
      kinds.add(`${operation.method}:${behaviours.get(operation)?.kind ?? 'none'}`);
      byPath.set(operation.path, kinds);
    }
    let mine = 0;
    let served = 0;
    const missed: string[] = [];
    for (const [path, kinds] of byPath) {
      const methods = [...kinds].map((k) => k.split(':')[0]);
      if (!methods.includes('GET') || !methods.includes('POST')) continue;
      mine++;
      const stateful = (method: string) =>
        [...kinds].some((k) => k.startsWith(`${method}:`) && !k.endsWith(':respond') && !k.endsWith(':none'));
      if (stateful('GET') && stateful('POST')) served++;
      else missed.push(path);
    }
    pairs += mine;
    stateful += served;
    process.stdout.write(
      `${file}: ${served}/${mine}${missed.length ? ` (not: ${missed.slice(0, 6).join(', ')}${missed.length > 6 ? ', …' : ''})` : ''}\n`,
    );
  } catch (error) {
    failures.push(`${file}: ${(error as Error).message.split('\n')[0]}`);
  }
}
process.stdout.write(
  `\nIn all: ${stateful} of ${pairs} GET+POST paths served statefully (${pairs ? ((100 * stateful) / pairs).toFixed(1) : '0'}%)\n`,
);
for (const failure of failures) process.stdout.write(`not read: ${failure}\n`);
