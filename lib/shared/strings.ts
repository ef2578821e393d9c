/**
 * The Russian texts every screen may need: the wallet, history, settings, sign-in, transfers and
 * their receipts, errors. The texts of the other screens and of the server's messages are in
 * lib/shared/strings-features.ts. Keys are typed (`as const`), so a missing text fails type
 * checking. Texts quoted by the product spec are kept verbatim.
 */
export const ru = {
  appName: "Minibank",
  common: {
    back: "Назад",
    loading: "Загрузка…",
    retry: "Повторить",
    close: "Закрыть",
    continue: "Продолжить",
    unknown: "неизвестно",
    inDevelopment: "Раздел в разработке",
  },
  bank: {
    tabWallet: "Кошелёк",
    /** Mirrors the TON Connect widget's own Russian label (button.connectWallet). */
    tonConnectWallet: "Подключить кошелёк",
    tabHistory: "История",
    tabSettings: "Настройки",
    tabPayments: "Платежи",
    totalBalance: "Общий баланс",
    send: "Перевести",
    topUp: "Пополнить",
    qr: "QR",
    accounts: "Счета",
    rate: "Курс",
    accountNumber: "Счёт",
    account: {
      title: "Счёт",
      balance: "Баланс",
      number: "Номер счёта",
      copy: "Скопировать",
      copied: "Номер счёта скопирован",
      copyFailed: "Не удалось скопировать номер",
      topUp: "Пополнить",
      send: "Перевести",
      history: "Операции по счёту",
      notFound: "Счёт не найден",
    },
    loadFailed: "Ошибка загрузки данных",
    noRate: "-",
    /** Under a total that leaves out wallets whose rate is missing. */
    totalWithout: "Без счетов в {currencies}: нет курса",
    schedules: "Запланированные переводы",
    pockets: "Копилки",
    /** Beside an account's available balance: what its pockets hold. */
    inPockets: "В копилках: {amount}",
    insights: "Аналитика",
    requestMoney: "Запросить",
    exchange: "Обмен",
  },
  history: {
    title: "История переводов",
    empty: "Переводов пока нет",
    userNotFound: "Пользователь не найден",
    walletsNotFound: "Кошельки пользователя не найдены",
    loadFailed: "Ошибка загрузки истории переводов",
    topUpName: "Пополнение",
    /** A row named by what happened rather than by the other side. */
    kinds: { exchange: "Обмен", topup: "Пополнение", request: "Оплата запроса", pocket: "Копилка" },
    today: "Сегодня",
    yesterday: "Вчера",
    /** Month names as a date says them: "12 ноября". */
    months: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"],
    /** A month heading of the history: "Ноябрь", "Ноябрь 2025". */
    monthTitles: ["Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август", "Сентябрь", "Октябрь", "Ноябрь", "Декабрь"],
    loadMore: "Показать ещё",
    loadMoreFailed: "Не удалось загрузить ещё",
    refresh: "Обновить",
    retry: "Повторить",
    scheduledMark: "Запланированный",
    /** An exchange an order at a target rate made. */
    orderMark: "По заявке",
    /** Search and filters of the history (their state is in the address). */
    filters: {
      label: "Поиск и фильтры",
      search: "Поиск",
      searchPlaceholder: "Имя, @ник, сообщение или сумма",
      kind: "Операции",
      kindAll: "Все операции",
      kinds: { transfer: "Переводы", topup: "Пополнения", exchange: "Обмены", request: "Оплаты запросов", pocket: "Копилки" },
      direction: "Направление",
      directions: { all: "Все", in: "Входящие", out: "Исходящие" },
      from: "С даты",
      to: "По дату",
      more: "Фильтры",
      reset: "Сбросить фильтры",
      nothingFound: "Ничего не найдено",
    },
  },
  /** Currencies by name, as accounts are called. */
  currencies: { RUB: "Рубли", USD: "Доллары", EUR: "Евро", CNY: "Юани" },
  settings: {
    title: "Настройки",
    username: "Имя пользователя",
    notifications: "Уведомления",
    notificationsFailed: "Не удалось обновить уведомления",
    botCannotWrite: "Бот не может вам писать",
    notificationsByEmail: "Уведомления приходят на почту",
    allowBot: "Разрешить боту писать",
    version: "Версия приложения",
    appVersion: "1.0.0",
    developer: "Разработчик",
    language: "Язык",
    /** Each language by its own name, the same in every dictionary. */
    languages: { ru: "Русский", en: "English" },
    logout: "Выйти",
    limits: "Лимиты и заморозка",
  },
  /** A message that travels with a transfer. */
  /** Exchange between the user's own accounts. */
  /** Payment requests: asking for money with a link and a QR code, and paying one. */
  /** Splitting a bill: each participant's share is a payment request of its own. */
  /** The analytics view: where money goes, as charts with a text equivalent each. */
  /** Sharing a receipt or a payment request as a prepared Telegram message (Bot API 8.0). */
  validation: {
    invalidAmount: "Введите корректную сумму",
  },
  /** The bot that carries the Mini App. */
  telegram: {
    homeScreen: {
      offer: "Добавить на главный экран",
      offerHint: "Minibank будет открываться одним касанием, как приложение",
      add: "Добавить",
      later: "Не сейчас",
      added: "Minibank на главном экране",
    },
    oldClientTitle: "Приложение не поддерживается",
    oldClient: "Ваша версия Telegram устарела. Обновите приложение, чтобы открыть Minibank.",
  },
  /** Server error messages, shown to the user as they are. */
  errors: {
    userNotFound: "Пользователь не найден",
    topUpLimit: "Сумма пополнения должна быть от 0,01 до 1 000 000,00",
    internal: "Внутренняя ошибка сервера. Попробуйте позже",
    /** No answer from the server at all (offline, DNS, connection reset). */
    network: "Нет связи с сервером. Проверьте подключение к интернету и попробуйте снова",
  },
} as const;

/** Russian plural forms of a count: 1, 21 → one; 2–4, 22 → few; 0, 5–20, 25 → many. */
export type PluralForm = "one" | "few" | "many";

export function pluralForm(count: number): PluralForm {
  const tens = Math.abs(count) % 100;
  const units = tens % 10;
  if (tens >= 11 && tens <= 14) return "many";
  if (units === 1) return "one";
  if (units >= 2 && units <= 4) return "few";
  return "many";
}

/** Fills `{name}` placeholders: t("Кошелек пополнен на {amount}", { amount: "5" }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** Texts as plain strings (lists keep their length): the shape every dictionary must have. */
export type Widen<T> = T extends string
  ? string
  : T extends readonly string[]
    ? { readonly [K in keyof T]: string }
    : { readonly [K in keyof T]: Widen<T[K]> };

/** The shape of the Russian dictionary: every other language's dictionary has exactly its keys. */
export type Strings = Widen<typeof ru>;
