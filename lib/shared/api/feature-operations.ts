import type { z } from "zod";
import { transferDto } from "@/lib/shared/api/dtos";
import {
  alertDto,
  alertListDto,
  insightsDto,
  orderDto,
  orderListDto,
  paymentRequestDto,
  paymentRequestListDto,
  pocketDto,
  pocketListDto,
  preparedChatButtonDto,
  preparedShareDto,
  rateHistoryDto,
  scheduleDto,
  scheduleListDto,
  spendingLimitsDto,
  splitDto,
  splitListDto,
  statementDto,
  statementLinkDto,
} from "@/lib/shared/api/feature-dtos";
import { op } from "@/lib/shared/api/operations";
import type { createExchangeBody } from "@/lib/shared/schemas/exchanges";
import type { createRequestBody, payRequestBody } from "@/lib/shared/schemas/requests";
import type { createAlertBody, createOrderBody } from "@/lib/shared/schemas/orders";
import type { createScheduleBody } from "@/lib/shared/schemas/schedules";
import type { openPocketBody, pocketMoveBody, pocketSettingsBody } from "@/lib/shared/schemas/pockets";
import type { createSplitBody } from "@/lib/shared/schemas/splits";
import type { spendingLimitBody, transferFreezeBody } from "@/lib/shared/schemas/limits";
import type { prepareChatButtonBody, prepareShareBody } from "@/lib/shared/schemas/share";
import type { statementLinkBody } from "@/lib/shared/schemas/statements";

/**
 * The operations of the feature screens (analytics, exchange, orders and alerts, requests, schedules, splits, sharing,
 * statements): entries of the same kind as the table in lib/shared/api/operations.ts, kept apart so
 * that the answers' checks load with the screens that call them, not with /bank. The server's
 * routes and the contract tests read both tables.
 */
export const featureOperations = {
  // Rates over time, analytics
  rateHistory: op<undefined, { from: string; to: string }>()({
    method: "GET",
    path: "/api/v1/rates/{currency}/history",
    response: rateHistoryDto,
  }),
  insights: op<undefined, { wallet: string; month?: string; tz?: number }>()({
    method: "GET",
    path: "/api/v1/insights",
    response: insightsDto,
  }),

  // Exchange between one's own accounts
  createExchange: op<z.input<typeof createExchangeBody>>()({
    method: "POST",
    path: "/api/v1/exchanges",
    response: transferDto,
    idempotent: true,
  }),

  // Orders at a target rate and rate alerts
  myOrders: op()({ method: "GET", path: "/api/v1/orders", response: orderListDto }),
  createOrder: op<z.input<typeof createOrderBody>>()({ method: "POST", path: "/api/v1/orders", response: orderDto, idempotent: true }),
  cancelOrder: op()({ method: "POST", path: "/api/v1/orders/{id}/cancel", response: orderDto }),
  myAlerts: op()({ method: "GET", path: "/api/v1/rate-alerts", response: alertListDto }),
  createAlert: op<z.input<typeof createAlertBody>>()({ method: "POST", path: "/api/v1/rate-alerts", response: alertDto, idempotent: true }),
  cancelAlert: op()({ method: "POST", path: "/api/v1/rate-alerts/{id}/cancel", response: alertDto }),

  // Payment requests
  myRequests: op()({ method: "GET", path: "/api/v1/requests", response: paymentRequestListDto }),
  createRequest: op<z.input<typeof createRequestBody>>()({ method: "POST", path: "/api/v1/requests", response: paymentRequestDto }),
  request: op()({ method: "GET", path: "/api/v1/requests/{token}", response: paymentRequestDto }),
  cancelRequest: op()({ method: "POST", path: "/api/v1/requests/{token}/cancel", response: paymentRequestDto }),
  payRequest: op<z.input<typeof payRequestBody>>()({
    method: "POST",
    path: "/api/v1/requests/{token}/pay",
    response: transferDto,
    idempotent: true,
  }),

  // Scheduled transfers
  // Pockets
  myPockets: op()({ method: "GET", path: "/api/v1/pockets", response: pocketListDto }),
  openPocket: op<z.input<typeof openPocketBody>>()({ method: "POST", path: "/api/v1/pockets", response: pocketDto }),
  setPocket: op<z.input<typeof pocketSettingsBody>>()({ method: "PUT", path: "/api/v1/pockets/{id}", response: pocketDto }),
  moveIntoPocket: op<z.input<typeof pocketMoveBody>>()({
    method: "POST",
    path: "/api/v1/pockets/{id}/deposit",
    response: transferDto,
    idempotent: true,
  }),
  moveOutOfPocket: op<z.input<typeof pocketMoveBody>>()({
    method: "POST",
    path: "/api/v1/pockets/{id}/withdraw",
    response: transferDto,
    idempotent: true,
  }),
  closePocket: op()({ method: "POST", path: "/api/v1/pockets/{id}/close", response: pocketDto }),

  mySchedules: op()({ method: "GET", path: "/api/v1/schedules", response: scheduleListDto }),
  createSchedule: op<z.input<typeof createScheduleBody>>()({
    method: "POST",
    path: "/api/v1/schedules",
    response: scheduleDto,
    idempotent: true,
  }),
  pauseSchedule: op()({ method: "POST", path: "/api/v1/schedules/{id}/pause", response: scheduleDto }),
  resumeSchedule: op()({ method: "POST", path: "/api/v1/schedules/{id}/resume", response: scheduleDto }),
  cancelSchedule: op()({ method: "POST", path: "/api/v1/schedules/{id}/cancel", response: scheduleDto }),

  // Split bills
  mySplits: op()({ method: "GET", path: "/api/v1/splits", response: splitListDto }),
  createSplit: op<z.input<typeof createSplitBody>>()({ method: "POST", path: "/api/v1/splits", response: splitDto, idempotent: true }),
  split: op()({ method: "GET", path: "/api/v1/splits/{token}", response: splitDto }),
  joinSplit: op()({ method: "POST", path: "/api/v1/splits/{token}/join", response: splitDto }),
  remindSplit: op()({ method: "POST", path: "/api/v1/splits/{token}/remind", response: splitDto }),
  cancelSplit: op()({ method: "POST", path: "/api/v1/splits/{token}/cancel", response: splitDto }),
  declineShare: op()({ method: "POST", path: "/api/v1/splits/{token}/decline", response: splitDto }),
  settleShare: op()({ method: "POST", path: "/api/v1/splits/{token}/shares/{position}/settle", response: splitDto }),

  // Sharing in Telegram
  prepareShare: op<z.input<typeof prepareShareBody>>()({ method: "POST", path: "/api/v1/share/prepared", response: preparedShareDto }),
  prepareChatButton: op<z.input<typeof prepareChatButtonBody>>()({
    method: "POST",
    path: "/api/v1/share/chat-button",
    response: preparedChatButtonDto,
  }),

  // The customer's own limits on transfers to others, and the freeze
  spendingLimits: op()({ method: "GET", path: "/api/v1/limits", response: spendingLimitsDto }),
  setTransferFreeze: op<z.input<typeof transferFreezeBody>>()({ method: "PUT", path: "/api/v1/limits", response: spendingLimitsDto }),
  setSpendingLimit: op<z.input<typeof spendingLimitBody>>()({
    method: "PUT",
    path: "/api/v1/limits/{currency}",
    response: spendingLimitsDto,
  }),

  // Statements
  statement: op<undefined, { from: string; to: string; tz: number }>()({
    method: "GET",
    path: "/api/v1/statements/wallet/{walletId}",
    response: statementDto,
  }),
  statementLink: op<z.input<typeof statementLinkBody>>()({ method: "POST", path: "/api/v1/statements/link", response: statementLinkDto }),
} as const;
