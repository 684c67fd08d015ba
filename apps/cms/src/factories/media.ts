import { Readable } from "node:stream";
import type { Core } from "@strapi/strapi";
import { produceArt } from "../seed/art";
import { uniqueSuffix } from "./unique";
import { CONTENT_TYPES } from "../content-types";

interface FileInfo extends Record<string, unknown> {
  url?: string;
}

interface UploadPluginServices {
  formatFileInfo(
    file: { filename: string; type: string; size: number },
    fileInfo: { name: string; alternativeText: string },
  ): Promise<FileInfo>;
}

interface ProviderService {
  upload(file: FileInfo & { getStream(): Readable }): Promise<void>;
}

interface SvgFileData {
  fileName: string;
  /** A whole SVG document whose root has `width` and `height` attributes (the file's size). */
  svg: string;
  alternativeText: string;
}

/**
 * Puts an SVG drawing in the media library (by default an apple) and returns the file's id, for a
 * media field. It goes through the upload plugin's file-info service (name, hash, folder), then the
 * configured provider (local disk here, object storage in production), then a file entry. The
 * plugin's `upload()` would also run sharp over every file to check and measure it (about 60 ms a
 * file, docs/decisions/005-cms-catalogue-api.md); we drew the SVG, so we know it is sound and how big
 * it is, and the seed stays fast.
 */
export async function createSvgFile(strapi: Core.Strapi, overrides: Partial<SvgFileData> = {}): Promise<number> {
  const suffix = uniqueSuffix();
  const { fileName, svg, alternativeText }: SvgFileData = {
    fileName: `imagen-${suffix}.svg`,
    svg: produceArt("apple", suffix),
    alternativeText: `Imagen ${suffix}`,
    ...overrides,
  };
  const plugin = strapi.plugin("upload");
  const files = plugin.service("upload") as unknown as UploadPluginServices;
  const provider = plugin.service("provider") as unknown as ProviderService;
  const providerName = (strapi.config.get("plugin::upload") as { provider?: string } | undefined)?.provider ?? "local";
  const buffer = Buffer.from(svg, "utf8");
  const info = await files.formatFileInfo(
    { filename: fileName, type: "image/svg+xml", size: buffer.byteLength },
    { name: fileName, alternativeText },
  );
  const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)?.[1] ?? 0) || null;
  const height = Number(/<svg[^>]* height="(\d+)"/.exec(svg)?.[1] ?? 0) || null;
  const fileData = { ...info, width, height, provider: providerName, getStream: () => Readable.from(buffer) };
  await provider.upload(fileData);
  const { getStream: _getStream, ...data } = fileData;
  const file = (await strapi.db.query(CONTENT_TYPES.uploadFile).create({ data })) as { id: number };
  return file.id;
}
