#!/usr/bin/env node
// `npm run contract:diff -- OLD.yaml NEW.yaml`: lists the changes between two versions of the
// contract, breaking first. Exit 0: nothing breaks; 1: something breaks; 2: could not compare.
import { ContractError, diffContracts, loadContract } from '../spec/index.js';

const HELP = `Usage: npm run contract:diff -- OLD.yaml NEW.yaml

Lists the changes from OLD to NEW that break existing clients or servers (operation or status
removed, request field added as or made required, response field removed or made optional, type
narrowed or changed, constraint tightened, security added) and the compatible ones.

Exit codes: 0 no breaking change; 1 at least one breaking change; 2 could not compare.
`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  if (args.length !== 2) {
    process.stderr.write(`contract:diff: give two documents, OLD and NEW\n${HELP}`);
    return 2;
  }
  const [before, after] = await Promise.all(args.map((file) => loadContract(file)));
  const changes = diffContracts(before!, after!);
  const breaking = changes.filter((c) => c.breaking);
  const compatible = changes.filter((c) => !c.breaking);
  const line = (c: { where: string; what: string }) => `  ${c.where ? `${c.where}: ` : ''}${c.what}`;
  const out = [
    `Breaking changes (${breaking.length}):`,
    ...breaking.map(line),
    `Compatible changes (${compatible.length}):`,
    ...compatible.map(line),
  ];
  process.stdout.write(`${out.join('\n')}\n${breaking.length > 0 ? 'BREAKING' : 'COMPATIBLE'}\n`);
  return breaking.length > 0 ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(
      `contract:diff: ${error instanceof ContractError ? error.message : String((error as Error).message ?? error)}\n`,
    );
    process.exitCode = 2;
  },
);
