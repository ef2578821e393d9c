import "server-only";
import crypto from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { isSessionRevoked } from "@/lib/server/auth/tokens";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { periodBounds } from "@/lib/server/statements/period";
import { readStatementHead, type StatementHead } from "@/lib/server/statements/read-statement";
import { findWalletNumber } from "@/lib/server/statements/store";
import type { StatementFormat, StatementLinkBody, StatementLinkDto } from "@/lib/shared/schemas/statements";
import { DICTIONARIES, isLanguage, type Language } from "@/lib/shared/i18n";
import { fill } from "@/lib/shared/strings";
import { clockNow, clockNowMs } from "@/lib/server/platform/clock";

/** How long a download link works. */
export const STATEMENT_LINK_TTL_SECONDS = 10 * 60;

/**
 * Links are signed with a key of their own, derived from JWT_SECRET: a link can never pass for an
 * access token, nor an access token for a link.
 */
function linkKey(): Uint8Array {
  return new Uint8Array(crypto.createHmac("sha256", getEnv().jwtSecret).update("minibank statement link").digest());
}

function fileName(number: string, from: string, to: string, format: StatementFormat, language: Language): string {
  return `${fill(DICTIONARIES[language].statement.fileName, { number, from, to })}.${format}`;
}

/**
 * A download link for a statement of one of the caller's accounts (another's answers 404, like a
 * missing one), in the language the link was asked in. The file is made when the link is
 * opened, from the ledger as it is then. The link names the session that asked for it: signing
 * out (or a revoked session) ends the link with the session, not 10 minutes later.
 */
export async function createStatementLink(options: {
  userId: number;
  sessionId: string;
  body: StatementLinkBody;
  language: Language;
}): Promise<StatementLinkDto> {
  const { walletId, from, to, tz, format } = options.body;
  periodBounds({ from, to, tz });
  const wallet = await findWalletNumber(walletId);
  if (!wallet || wallet.userId !== options.userId) throw new AppError("WALLET_NOT_FOUND");
  const expires = Math.floor(clockNowMs() / 1000) + STATEMENT_LINK_TTL_SECONDS;
  const token = await new SignJWT({ w: walletId, f: from, t: to, z: tz, x: format, l: options.language, s: options.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(options.userId))
    .setExpirationTime(expires)
    .sign(linkKey());
  return {
    url: `/api/v1/statements/${format}?token=${encodeURIComponent(token)}`,
    fileName: fileName(wallet.number, from, to, format, options.language),
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * The statement a link names, for the route of its format. A forged, expired or other-format link,
 * or one whose session was signed out or revoked, answers 404: a link either works or does not exist.
 */
export async function openStatementLink(token: string, format: StatementFormat): Promise<{ head: StatementHead; fileName: string }> {
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(token, linkKey(), { algorithms: ["HS256"], requiredClaims: ["sub", "exp"], currentDate: clockNow() }));
  } catch {
    throw new AppError("NOT_FOUND");
  }
  const { w, f, t, z, x, l, s } = claims;
  if (x !== format || typeof w !== "number" || typeof f !== "string" || typeof t !== "string" || typeof z !== "number" || !isLanguage(l)) {
    throw new AppError("NOT_FOUND");
  }
  if (typeof s !== "string" || !s || (await isSessionRevoked(s))) throw new AppError("NOT_FOUND");
  const head = await readStatementHead({ userId: Number(claims.sub), walletId: w, period: { from: f, to: t, tz: z }, language: l });
  return { head, fileName: fileName(head.number, f, t, format, l) };
}
