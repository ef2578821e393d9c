import type { Strings } from "@/lib/shared/strings";

/**
 * The English texts every screen may need: the same keys as the Russian dictionary (`ru` in
 * lib/shared/strings.ts); the other screens' texts are in lib/shared/strings-en-features.ts. `en` is checked against `Strings`, the shape of `ru` with its texts as
 * plain strings: a key added to `ru` and not here fails type checking with
 * "Property '<key>' is missing in type … but required in type …" on `en` below — translate the
 * new key here. tests/unit/i18n.test.ts also compares the placeholders ({amount}, {name}, …).
 */
export const en = {
  appName: "Minibank",
  common: {
    back: "Back",
    loading: "Loading…",
    retry: "Retry",
    close: "Close",
    continue: "Continue",
    unknown: "unknown",
    inDevelopment: "Coming soon",
  },
  bank: {
    tabWallet: "Wallet",
    tonConnectWallet: "Connect wallet",
    tabHistory: "History",
    tabSettings: "Settings",
    tabPayments: "Payments",
    totalBalance: "Total balance",
    send: "Send",
    topUp: "Top up",
    qr: "QR",
    accounts: "Accounts",
    rate: "Rate",
    accountNumber: "Account",
    account: {
      title: "Account",
      balance: "Balance",
      number: "Account number",
      copy: "Copy",
      copied: "Account number copied",
      copyFailed: "Could not copy the number",
      topUp: "Top up",
      send: "Send",
      history: "Account activity",
      notFound: "Account not found",
    },
    loadFailed: "Could not load the data",
    noRate: "-",
    totalWithout: "Without accounts in {currencies}: no rate",
    schedules: "Scheduled transfers",
    insights: "Insights",
    requestMoney: "Request",
    exchange: "Exchange",
  },
  history: {
    title: "Transfer history",
    empty: "No transfers yet",
    userNotFound: "User not found",
    walletsNotFound: "The user's wallets were not found",
    loadFailed: "Could not load the transfer history",
    topUpName: "Top-up",
    kinds: { exchange: "Exchange", topup: "Top-up", request: "Request payment" },
    today: "Today",
    yesterday: "Yesterday",
    months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    monthTitles: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    loadMore: "Show more",
    loadMoreFailed: "Could not load more",
    refresh: "Refresh",
    retry: "Retry",
    scheduledMark: "Scheduled",
  },
  currencies: { RUB: "Rubles", USD: "Dollars", EUR: "Euros", CNY: "Yuan" },
  settings: {
    title: "Settings",
    username: "Username",
    notifications: "Notifications",
    notificationsFailed: "Could not update notifications",
    botCannotWrite: "The bot cannot write to you",
    notificationsByEmail: "Notifications come by e-mail",
    allowBot: "Allow the bot to write",
    version: "App version",
    appVersion: "1.0.0",
    developer: "Developer",
    language: "Language",
    languages: { ru: "Русский", en: "English" },
    logout: "Sign out",
  },
  /** The analytics view: where money goes, as charts with a text equivalent each. */
  validation: {
    invalidAmount: "Enter a valid amount",
  },
  telegram: {
    homeScreen: {
      offer: "Add to the home screen",
      offerHint: "Minibank will open with one tap, like an app",
      add: "Add",
      later: "Not now",
      added: "Minibank is on the home screen",
    },
    oldClientTitle: "This app is not supported",
    oldClient: "Your version of Telegram is out of date. Update the app to open Minibank.",
  },
  errors: {
    userNotFound: "User not found",
    topUpLimit: "A top-up must be from 0.01 to 1,000,000.00",
    internal: "Internal server error. Try again later",
    network: "No connection to the server. Check your internet connection and try again",
  },
} satisfies Strings;
