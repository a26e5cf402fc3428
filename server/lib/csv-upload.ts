import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

/**
 * The CSV of an import: a multipart body's file part (any part name is accepted) and its `dryRun`
 * field. The route's plugin registers @fastify/multipart with the size limit given here, so a
 * larger file is the 413 this names. The product and pincode imports and the COD remittance
 * reports read their uploads with it.
 */
export async function readCsvUpload(
  request: FastifyRequest,
  maxBytes: number,
  what = 'a CSV file to import',
): Promise<{ file: Buffer; fileName: string; dryRunField?: string }> {
  if (!request.isMultipart()) {
    throw badRequest('Send the CSV as multipart/form-data, in a part named "file".');
  }
  let file: Buffer | undefined;
  let fileName = '';
  let dryRunField: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw badRequest('Send one CSV file at a time.');
        file = await part.toBuffer();
        fileName = part.filename;
      } else if (part.fieldname === 'dryRun') {
        dryRunField = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        `The file is larger than ${maxBytes / 1024 / 1024} MB. Split it into smaller files.`,
      );
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one CSV file at a time.');
    if (code?.startsWith('FST_')) throw badRequest('The upload could not be read. Please try again.');
    throw error;
  }
  if (!file || file.length === 0) throw badRequest(`Choose ${what}.`);
  return dryRunField === undefined ? { file, fileName } : { file, fileName, dryRunField };
}

/** A `dryRun` query or form value that asks for a dry run. */
export const isTrue = (value: string | undefined) => value === 'true' || value === '1';
