import type { RouteHandler } from "@/lib/server/http";
import * as docs from "@/app/api/docs/route";
import * as docsScript from "@/app/api/docs/redoc.standalone.js/route";
import * as devClock from "@/app/api/dev/clock/route";
import * as health from "@/app/api/health/route";
import * as metrics from "@/app/api/metrics/route";
import * as ready from "@/app/api/ready/route";
import * as telegramWebhook from "@/app/api/telegram/webhook/route";
import * as authEmailRequestCode from "@/app/api/v1/auth/email/request-code/route";
import * as authEmailVerifyCode from "@/app/api/v1/auth/email/verify-code/route";
import * as authLogout from "@/app/api/v1/auth/logout/route";
import * as authRefresh from "@/app/api/v1/auth/refresh/route";
import * as authTelegramLogin from "@/app/api/v1/auth/telegram/login/route";
import * as avatarsFile from "@/app/api/v1/avatars/[file]/route";
import * as demoTelegramInitData from "@/app/api/v1/demo/telegram-init-data/route";
import * as exchanges from "@/app/api/v1/exchanges/route";
import * as insights from "@/app/api/v1/insights/route";
import * as limits from "@/app/api/v1/limits/route";
import * as limitsCurrency from "@/app/api/v1/limits/[currency]/route";
import * as pockets from "@/app/api/v1/pockets/route";
import * as pocketsId from "@/app/api/v1/pockets/[id]/route";
import * as pocketsIdClose from "@/app/api/v1/pockets/[id]/close/route";
import * as pocketsIdDeposit from "@/app/api/v1/pockets/[id]/deposit/route";
import * as pocketsIdWithdraw from "@/app/api/v1/pockets/[id]/withdraw/route";
import * as orders from "@/app/api/v1/orders/route";
import * as ordersIdCancel from "@/app/api/v1/orders/[id]/cancel/route";
import * as rateAlerts from "@/app/api/v1/rate-alerts/route";
import * as rateAlertsIdCancel from "@/app/api/v1/rate-alerts/[id]/cancel/route";
import * as requests from "@/app/api/v1/requests/route";
import * as requestsToken from "@/app/api/v1/requests/[token]/route";
import * as requestsTokenCancel from "@/app/api/v1/requests/[token]/cancel/route";
import * as requestsTokenPay from "@/app/api/v1/requests/[token]/pay/route";
import * as schedules from "@/app/api/v1/schedules/route";
import * as schedulesIdCancel from "@/app/api/v1/schedules/[id]/cancel/route";
import * as schedulesIdPause from "@/app/api/v1/schedules/[id]/pause/route";
import * as schedulesIdResume from "@/app/api/v1/schedules/[id]/resume/route";
import * as splits from "@/app/api/v1/splits/route";
import * as splitsToken from "@/app/api/v1/splits/[token]/route";
import * as splitsTokenCancel from "@/app/api/v1/splits/[token]/cancel/route";
import * as splitsTokenDecline from "@/app/api/v1/splits/[token]/decline/route";
import * as splitsTokenJoin from "@/app/api/v1/splits/[token]/join/route";
import * as splitsTokenRemind from "@/app/api/v1/splits/[token]/remind/route";
import * as splitsTokenSharesPositionSettle from "@/app/api/v1/splits/[token]/shares/[position]/settle/route";
import * as ratesCurrencyHistory from "@/app/api/v1/rates/[currency]/history/route";
import * as ratesCurrency from "@/app/api/v1/rates/[currency]/route";
import * as statementsCsv from "@/app/api/v1/statements/csv/route";
import * as statementsLink from "@/app/api/v1/statements/link/route";
import * as statementsPdf from "@/app/api/v1/statements/pdf/route";
import * as statementsWalletWalletId from "@/app/api/v1/statements/wallet/[walletId]/route";
import * as shareChatButton from "@/app/api/v1/share/chat-button/route";
import * as sharePrepared from "@/app/api/v1/share/prepared/route";
import * as transfers from "@/app/api/v1/transfers/route";
import * as transfersId from "@/app/api/v1/transfers/[id]/route";
import * as transfersRecipients from "@/app/api/v1/transfers/recipients/route";
import * as transfersUsernameWalletId from "@/app/api/v1/transfers/username/[walletId]/route";
import * as transfersWalletWalletId from "@/app/api/v1/transfers/wallet/[walletId]/route";
import * as usersIdNotifications from "@/app/api/v1/users/[id]/notifications/route";
import * as usersByWalletNumber from "@/app/api/v1/users/by-wallet/[number]/route";
import * as usersEmailEmail from "@/app/api/v1/users/email/[email]/route";
import * as usersIdId from "@/app/api/v1/users/id/[id]/route";
import * as usersMe from "@/app/api/v1/users/me/route";
import * as usersTelegramId from "@/app/api/v1/users/telegram/[id]/route";
import * as usersUsernameUsername from "@/app/api/v1/users/username/[username]/route";
import * as walletInit from "@/app/api/v1/wallet/init/route";
import * as wallet from "@/app/api/v1/wallet/route";
import * as walletTopup from "@/app/api/v1/wallet/topup/route";
import * as walletsUserUserId from "@/app/api/v1/wallets/user/[userId]/route";

/**
 * Every route module under app/api but the document's own (route.ts beside this file adds itself):
 * the OpenAPI document is generated from the contracts their handlers carry.
 * tests/api/openapi.test.ts fails when a route file is missing here.
 */
const MODULES: Record<string, RouteHandler>[] = [
  docs,
  docsScript,
  devClock,
  health,
  metrics,
  ready,
  telegramWebhook,
  authEmailRequestCode,
  authEmailVerifyCode,
  authLogout,
  authRefresh,
  authTelegramLogin,
  avatarsFile,
  demoTelegramInitData,
  exchanges,
  insights,
  limits,
  limitsCurrency,
  ratesCurrencyHistory,
  ratesCurrency,
  rateAlerts,
  rateAlertsIdCancel,
  orders,
  ordersIdCancel,
  requests,
  requestsToken,
  requestsTokenCancel,
  requestsTokenPay,
  pockets,
  pocketsId,
  pocketsIdClose,
  pocketsIdDeposit,
  pocketsIdWithdraw,
  schedules,
  schedulesIdCancel,
  schedulesIdPause,
  schedulesIdResume,
  splits,
  splitsToken,
  splitsTokenCancel,
  splitsTokenDecline,
  splitsTokenJoin,
  splitsTokenRemind,
  splitsTokenSharesPositionSettle,
  statementsCsv,
  statementsLink,
  statementsPdf,
  statementsWalletWalletId,
  sharePrepared,
  shareChatButton,
  transfers,
  transfersId,
  transfersRecipients,
  transfersUsernameWalletId,
  transfersWalletWalletId,
  usersIdNotifications,
  usersByWalletNumber,
  usersEmailEmail,
  usersIdId,
  usersMe,
  usersTelegramId,
  usersUsernameUsername,
  walletInit,
  wallet,
  walletTopup,
  walletsUserUserId,
];

export const API_ROUTES: RouteHandler[] = MODULES.flatMap((module) => Object.values(module));
