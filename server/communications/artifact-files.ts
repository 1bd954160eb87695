import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger.js';
import type { ArtifactFile } from './providers/port.js';
import type { CommunicationStore } from './store.js';

/** Where a communication's artifacts are kept: DATA_DIR/communications/<id>/. */
export const artifactDir = (dataDir: string, communicationId: string): string => path.join(dataDir, 'communications', communicationId);

/** An artifact written under a temporary name, waiting for its outcome's transaction. */
export type StagedArtifact = ArtifactFile & { temp: string };

/**
 * Writes the artifacts under temporary names; they get their real names inside the outcome's
 * transaction, so a refused outcome (a late or repeated relay callback) never replaces what is
 * stored. When a file cannot be written the artifacts are left out with a warning: the
 * delivery stands.
 */
export function writeArtifacts(
  dataDir: string,
  logger: Logger,
  id: string,
  files: ArtifactFile[],
): { files: StagedArtifact[]; warnings: string[] } {
  if (!files.length) return { files: [], warnings: [] };
  const out: StagedArtifact[] = [];
  try {
    const dir = artifactDir(dataDir, id);
    fs.mkdirSync(dir, { recursive: true });
    for (const f of files) {
      const temp = path.join(dir, `.tmp-${crypto.randomUUID()}`);
      fs.writeFileSync(temp, f.data);
      out.push({ ...f, temp });
    }
    return { files: out, warnings: [] };
  } catch (err) {
    logger.warn({ err, communication_id: id }, 'dispatcher: an artifact could not be stored');
    discardArtifacts(out);
    return { files: [], warnings: ['artifacts_not_stored'] };
  }
}

/** Inside the outcome's transaction: gives the files their names and records them. */
export function recordArtifacts(store: CommunicationStore, dataDir: string, id: string, files: StagedArtifact[], now: number): void {
  const dir = artifactDir(dataDir, id);
  for (const f of files) {
    fs.renameSync(f.temp, path.join(dir, f.filename));
    store.addArtifact(id, {
      filename: f.filename,
      contentType: f.contentType,
      bytes: f.data.length,
      kind: f.kind,
      createdAt: now,
    });
  }
}

/** Removes staged artifacts whose outcome was refused. */
export function discardArtifacts(files: StagedArtifact[]): void {
  for (const f of files) fs.rmSync(f.temp, { force: true });
}
