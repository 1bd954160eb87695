/**
 * The module a worker thread starts from, beside the module that starts it (`from` is its
 * `import.meta.url`). Under tsx (sources, tests) it is the `<name>.mjs` bootstrap, which
 * registers tsx before loading `<name>.ts`: Node 20 applies a parent's tsx hooks to a worker
 * only through its execArgv. The compiled build (dist/) starts `<name>.js` directly.
 */
export function workerModule(from: string, name: string): URL {
  return new URL(`./${name}${from.endsWith('.ts') ? '.mjs' : '.js'}`, from);
}
