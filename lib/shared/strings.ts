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
  login: {
    title: "Добро пожаловать в Minibank",
    subtitle: "Мультивалютный кошелёк прямо в Telegram",
    withTelegram: "Продолжить с Telegram",
    withEmail: "Войти по e-mail",
    emailTitle: "Вход по e-mail",
    emailLabel: "Электронная почта",
    emailPlaceholder: "you@example.com",
    getCode: "Получить код",
    codeTitle: "Введите код",
    codeSentTo: "Мы отправили 6-значный код на",
    codeLabel: "Код из письма",
    changeEmail: "Изменить e-mail",
    resendCode: "Отправить код ещё раз",
    /** The resend button while it waits: "Отправить код ещё раз через 0:42". */
    resendIn: "Отправить код ещё раз через {time}",
    codeResent: "Новое письмо с кодом отправлено",
    invalidEmail: "Введите корректный email",
    sendCodeFailed: "Не удалось отправить код на почту",
    wrongCode: "Неверный или просроченный код",
    telegramTitle: "Вход через Telegram",
    continueAs: "Продолжить как",
    noLaunchData: "Не удалось получить данные для входа",
    loginFailed: "Ошибка входа. Попробуйте снова",
    oldClientTitle: "Приложение не поддерживается",
    oldClient: "Ваша версия Telegram устарела. Обновите приложение, чтобы открыть Minibank.",
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
    kinds: { exchange: "Обмен", topup: "Пополнение", request: "Оплата запроса" },
    bankName: "Minibank",
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
  },
  lock: {
    setting: "Вход по биометрии",
    afterLabel: "Блокировать после фона",
    minutes: "{n} мин",
    aboveLabel: "Подтверждать переводы дороже",
    accessReason: "Чтобы защитить кошелёк биометрией",
    enableReason: "Включить блокировку Minibank",
    unlockReason: "Разблокировать Minibank",
    transferReason: "Подтвердить перевод",
    title: "Minibank заблокирован",
    hint: "Подтвердите, что это вы",
    unlock: "Разблокировать",
    failed: "Не удалось подтвердить личность",
    changeFailed: "Не удалось изменить блокировку",
  },
  transfer: {
    title: "Перевод",
    chooseMethod: "Кому перевести?",
    recent: "Недавние получатели",
    byCard: "По номеру счёта",
    byUsername: "По имени пользователя",
    byEmail: "По e-mail",
    target: {
      card: "Номер счёта получателя",
      username: "Имя пользователя получателя",
      email: "E-mail получателя",
    },
    lookupHint: "Введите не менее 3 символов",
    searching: "Ищем получателя…",
    recipientWallets: "Счёт получателя",
    senderWallet: "Списать со счёта",
    amount: "Сумма",
    willReceive: "Получатель получит",
    submit: "Перевести",
    success: "✅ Перевод выполнен",
    errorPrefix: "Ошибка: ",
    submitting: "Отправляем…",
    recipient: "Получатель",
    /** Under the recipient's name: whether Telegram vouches for it. */
    telegramVerified: "Имя подтверждено Telegram",
    notTelegramVerified: "Имя не из Telegram — сверьте получателя",
    balance: "Баланс",
    noSenderWallet: "Выберите счёт списания",
    noRecipientWallets: "У получателя нет счетов",
    /** The request left but no answer came back: the transfer may or may not have happened. */
    outcomeUnknown:
      "Нет связи с банком, поэтому неизвестно, выполнен ли перевод. Отправьте его ещё раз — это безопасно: деньги не спишутся дважды",
    schedule: "Запланировать",
  },
  /** A message that travels with a transfer. */
  transferMessage: {
    label: "Сообщение получателю",
    placeholder: "Необязательно, до 140 символов",
    /** On the confirmation sheet and the receipt. */
    term: "Сообщение",
    /** The line a credit notification adds: "Вам перевели 100,00 ₽ от @alisa (Telegram)\nСообщение отправителя: «За обед»". */
    notice: "Сообщение отправителя: «{message}»",
    /** Instead, when the message holds a link: it is shown only in the app. */
    noticeInReceipt: "Сообщение отправителя — в квитанции в приложении",
    tooLong: "Сообщение — не больше 140 символов",
    controlCharacters: "Сообщение — одна строка обычного текста, без переносов строк и управляющих символов",
    invisibleCharacters: "В сообщении есть невидимые символы (пробелы нулевой ширины, знаки направления текста, пустые буквы) — уберите их",
  },
  /** Exchange between the user's own accounts. */
  /** Payment requests: asking for money with a link and a QR code, and paying one. */
  /** Splitting a bill: each participant's share is a payment request of its own. */
  confirm: {
    title: "Проверьте перевод",
    recipient: "Получатель",
    account: "Счёт получателя",
    debit: "Спишется",
    credit: "Зачислится",
    rate: "Курс",
    fee: "Комиссия",
    submit: "Подтвердить",
    cancel: "Отмена",
  },
  receipt: {
    title: "Квитанция",
    status: "Выполнен",
    kind: { out: "Перевод", in: "Поступление", topup: "Пополнение" },
    sender: "Отправитель",
    receiver: "Получатель",
    fromAccount: "Счёт списания",
    toAccount: "Счёт зачисления",
    credited: "Зачислено",
    date: "Дата и время",
    rate: "Курс",
    fee: "Комиссия",
    number: "Номер операции",
    share: "Поделиться",
    done: "Готово",
    copied: "Квитанция скопирована",
    shareFailed: "Не удалось поделиться квитанцией",
    loadFailed: "Не удалось загрузить квитанцию",
    notFound: "Квитанция не найдена",
    retry: "Повторить",
    /** Opens the split form with the payment's amount, currency and message. */
    splitBill: "Разделить счёт",
    /** The first line of a shared receipt. */
    shareTitle: "Квитанция Minibank",
    openSchedule: "Открыть расписание",
    exchangeDone: "✅ Обмен выполнен",
    exchangeKind: "Обмен",
  },
  /** The analytics view: where money goes, as charts with a text equivalent each. */
  /** Sharing a receipt or a payment request as a prepared Telegram message (Bot API 8.0). */
  qr: {
    title: "Сканирование QR-кода",
    invalidFormat: "Неверный формат QR-кода",
    processFailed: "Не удалось обработать QR-код",
    empty: "QR-код не содержит данных",
    uploadImage: "Загрузить изображение",
    pointCamera: "Наведите камеру на QR-код",
    scan: "Сканировать QR-код",
    cameraUnavailable: "Камера недоступна. Загрузите фото QR-кода",
    cameraLabel: "Изображение с камеры",
  },
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
