import fs from 'node:fs';
import path from 'node:path';
import { ownCommunication } from '../../commands/communications/create.js';
import { artifactDir } from '../../communications/artifact-files.js';
import { AppError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { AUTH, type IdParams } from './request-schemas.js';

const SAFE_FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

/** One stored artifact of a communication, served with its content type and a sandboxing policy. */
export const artifactRoute = defineRoute<Record<string, never>, Record<string, never>, IdParams & { filename: string }>({
  method: 'GET',
  path: '/api/v1/communications/:communicationId/artifacts/:filename',
  tag: 'communications',
  summary: 'One artifact of the communication (a rendered mail, a screenshot), with its content type.',
  auth: AUTH,
  request: {
    params: {
      type: 'object',
      required: ['communicationId', 'filename'],
      properties: {
        communicationId: { type: 'string', format: 'uuid' },
        filename: { type: 'string', maxLength: 80, description: 'As listed in the record’s artifacts.' },
      },
    },
  },
  errors: ['communication_not_found', 'artifact_not_found'],
  response: { type: 'string', format: 'binary', description: 'The artifact bytes.' },
  responseContentType: '*/*',
  handler: ({ params, actor, services }, ctx) => {
    const c = ownCommunication(services, actor!, params.communicationId);
    const missing = () =>
      new AppError(
        404,
        'artifact_not_found',
        `Communication ${c.id} has no artifact ${JSON.stringify(params.filename)}; its record lists the artifacts.`,
      );
    if (!SAFE_FILENAME.test(params.filename)) throw missing();
    const artifact = services.communications.store.artifact(c.id, params.filename);
    if (!artifact) throw missing();
    const dir = artifactDir(services.config.dataDir, c.id);
    const file = path.join(dir, artifact.filename);
    if (path.dirname(file) !== dir || !fs.existsSync(file)) throw missing();
    ctx.status = 200;
    ctx.type = artifact.contentType;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.set(
      'Content-Disposition',
      `${artifact.contentType.startsWith('image/') ? 'inline' : 'attachment'}; filename="${artifact.filename}"`,
    );
    ctx.body = fs.readFileSync(file);
    return undefined;
  },
});
