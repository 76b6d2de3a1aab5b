// The target of a run: a base URL taken as given, or an in-process app listened for on port 0 (it
// gets the document's base path).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Contract } from '../../spec/index.js';
import type { Target } from '../run-options.js';

export interface StartedTarget {
  readonly baseUrl: string;
  readonly server?: Server;
}

export async function startTarget(target: Target, contract: Contract): Promise<StartedTarget> {
  if ('baseUrl' in target) return { baseUrl: target.baseUrl.replace(/\/+$/, '') };
  const server = createServer(target.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${contract.basePath}`, server };
}

export async function stopTarget(target: StartedTarget): Promise<void> {
  const { server } = target;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
}
