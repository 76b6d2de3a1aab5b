// Servers the benchmarks start as child processes (the mock as npm start runs it, the bare
// reference), each announcing its URL on stdout.
import { type ChildProcess, spawn } from 'node:child_process';

export interface Server {
  readonly name: string;
  readonly child: ChildProcess;
  readonly baseUrl: string;
}

export function spawnServer(name: string, command: string[]): Promise<Server> {
  const child = spawn(process.execPath, command, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ name, child, baseUrl: url });
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

export function stop(server: Server): void {
  server.child.removeAllListeners('exit');
  server.child.kill('SIGKILL');
}
