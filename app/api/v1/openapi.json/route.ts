import { route } from "@/lib/server/http";
import { openApiDocument } from "@/lib/server/openapi";

export const GET = route({ auth: false }, async () => openApiDocument());
