/** A creation child that fails half-way: it leaves a half-made directory and exits with an error. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const directory = process.argv[2] as string;
mkdirSync(directory, { recursive: true });
writeFileSync(join(directory, 'PG_VERSION'), '17\n');
process.stderr.write('initdb: could not write to the data directory (a failure made by the test)\n');
process.exit(1);
