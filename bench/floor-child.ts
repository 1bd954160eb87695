// Child process for the floor's load, so its peak memory is measured on its own.
import { loadFloor } from './floor.js';

const [profilesFile, dir] = process.argv.slice(2) as [string, string];
process.stdout.write(`${JSON.stringify(await loadFloor(profilesFile, dir))}\n`);
