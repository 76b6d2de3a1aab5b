// Seed data of any size for benchmarks and soak runs, the same for every server compared.
import { writeFileSync } from 'node:fs';

export interface SeedCategory {
  id: number;
  name: string;
  description?: string;
}

export function generatedCategories(count: number): SeedCategory[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Category ${index + 1}`,
    ...(index % 2 === 0 ? { description: `Generated category number ${index + 1} for load tests.` } : {}),
  }));
}

export function writeSeedFile(file: string, count: number): string {
  writeFileSync(file, JSON.stringify(generatedCategories(count)));
  return file;
}
