export { createMockApp, DEFAULT_API_KEY, DEFAULT_BODY_LIMIT, DEFAULT_MAX_ITEMS, SESSION_HEADER } from './app.js';
export type { MockApp, MockInfo, MockOptions, MockedOperation, RequestLogEntry } from './app.js';
export { startMockServer } from './server.js';
export type { RunningMock } from './server.js';
export type { SeedData } from './seed.js';
export { loadContract } from '../spec/index.js';
