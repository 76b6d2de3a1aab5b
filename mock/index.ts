export { loadContract } from '../spec/index.js';
export type { MockApp, MockedOperation, MockInfo, MockOptions, RequestLogEntry } from './app.js';
export { createMockApp } from './app.js';
export { DEFAULT_API_KEY, DEFAULT_BODY_LIMIT, DEFAULT_MAX_ITEMS, SESSION_HEADER } from './defaults.js';
export type { SeedData } from './seed.js';
export type { RunningMock } from './server.js';
export { startMockServer } from './server.js';
