/**
 * Prisma 6's schema parser wants a `url` in the datasource (`prisma generate` works offline only
 * with one: prisma/schema.prisma), while Prisma Migrate runs through the driver adapter of
 * prisma.config.ts and then warns that the schema's url will not be used. It is not used, on
 * purpose, and the warning tells whoever starts the app nothing they can act on. This is the one
 * place it is dropped, for the Prisma pinned in package.json; Prisma 7 moves the url out of the
 * schema and this goes with that upgrade (tests/api/prisma-output.test.ts fails when Prisma's
 * output changes).
 */
export const UNUSED_URL_WARNING =
  "\nWARNING: Your schema specifies the following datasource properties but you are using a Driver Adapter via prisma.config.ts:\n" +
  "- url\n\nThe values from your schema will NOT be used!\n\n" +
  "We recommend you to remove those properties from your schema to avoid confusion if you are only using driver adapters.\n";

/** Prisma Migrate's output without the warning above; everything else as it was. */
export function withoutUnusedUrlWarning(output: string): string {
  return output.replace(UNUSED_URL_WARNING, "");
}
