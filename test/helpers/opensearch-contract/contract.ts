import { Router } from './routes.js';
import { patchSchemas } from './schema-patch.js';
import { loadSpec, type OpenSearchSpec } from './spec-loader.js';
import { SpecValidators } from './validators.js';

/** Everything the checker needs, built once from the vendored spec. */
export interface Contract {
  spec: OpenSearchSpec;
  router: Router;
  validators: SpecValidators;
}

let cached: Contract | undefined;

/** Loads and patches the spec on first call (schemas themselves compile lazily, on first use). */
export function getContract(): Contract {
  if (!cached) {
    const spec = loadSpec();
    patchSchemas(spec);
    cached = { spec, router: new Router(spec.operations), validators: new SpecValidators(spec.components) };
  }
  return cached;
}
