import { useMutation } from '@tanstack/react-query';
import { IMPORT_PARTS, type ProductImport } from '#shared/schemas/product-import.ts';
import { api } from '#web/lib/api-client.ts';

export type StartImport = { csv: File; zip: File | null; dryRun: boolean };

/** POST /api/product-imports — multipart csv, zip, dryRun; answers 202 with the queued import. */
export function startImport({ csv, zip, dryRun }: StartImport): Promise<ProductImport> {
  const form = new FormData();
  form.append(IMPORT_PARTS.dryRun, String(dryRun));
  form.append('fileName', csv.name);
  form.append(IMPORT_PARTS.csv, csv, csv.name);
  if (zip) form.append(IMPORT_PARTS.zip, zip, zip.name);
  return api.post<ProductImport>('/api/product-imports', form);
}

export const useStartImport = () => useMutation({ mutationFn: startImport });
