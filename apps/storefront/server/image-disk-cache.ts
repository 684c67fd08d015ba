import { createHash, randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { type ImageVariant, type OutputFormat, variantKey } from "./image-variants";

/**
 * Bump when the conversion settings change (quality, effort...): variants then go to a new
 * subfolder instead of the old renditions being served forever, and the old one can be deleted.
 */
const LAYOUT_VERSION = "v1";

const EXTENSIONS: Record<OutputFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

function errorCode(error: unknown): unknown {
  return error instanceof Error && "code" in error ? error.code : undefined;
}

/**
 * Converted variants on disk, shared by every storefront process of the machine and kept across
 * restarts: a variant is converted once, by whichever process (or pre-generation) needs it first.
 * Upload file names carry a hash of their content in Strapi, so a path never changes picture and
 * a stored variant never goes stale.
 */
export class ImageDiskCache {
  private readonly folder: string;

  constructor(dir: string) {
    this.folder = path.join(dir, LAYOUT_VERSION);
  }

  /** `<dir>/v1/<sha256 of "src|width|dpr|format">.<extension>` */
  pathOf(variant: ImageVariant): string {
    const hash = createHash("sha256").update(variantKey(variant)).digest("hex");
    return path.join(this.folder, `${hash}.${EXTENSIONS[variant.format]}`);
  }

  async has(variant: ImageVariant): Promise<boolean> {
    try {
      await access(this.pathOf(variant));
      return true;
    } catch {
      return false;
    }
  }

  /** The stored variant, or undefined: a broken disk cache costs a conversion, never a visitor's picture. */
  async read(variant: ImageVariant): Promise<Buffer | undefined> {
    try {
      const body = await readFile(this.pathOf(variant));
      // An empty file can only come from a crash between write and rename on some file systems.
      return body.length > 0 ? body : undefined;
    } catch (error) {
      if (errorCode(error) !== "ENOENT") console.error(`Image disk cache could not read ${variant.src}`, error);
      return undefined;
    }
  }

  /**
   * Writes to a temporary file, then renames it into place: the rename is atomic, so a process
   * reading at the same time sees either no file or the whole picture, never half of one, and
   * two processes writing the same variant simply replace one another's identical copy.
   */
  async write(variant: ImageVariant, body: Buffer): Promise<void> {
    const target = this.pathOf(variant);
    const temporary = `${target}.${process.pid}-${randomUUID()}.tmp`;
    await mkdir(this.folder, { recursive: true });
    try {
      await writeFile(temporary, body, { flag: "wx" });
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }
}
