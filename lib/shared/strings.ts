/**
 * Every Russian text the product shows, in one place. Keys are typed (`as const`), so a
 * missing text fails type checking. Texts quoted by the product spec are kept verbatim.
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
  },
  history: {
    title: "История переводов",
    empty: "Переводов пока нет",
    userNotFound: "Пользователь не найден",
    walletsNotFound: "Кошельки пользователя не найдены",
    loadFailed: "Ошибка загрузки истории переводов",
    topUpName: "Пополнение",
    bankName: "Minibank",
    today: "Сегодня",
    yesterday: "Вчера",
    /** Month names as a date says them: "12 ноября". */
    months: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"],
    loadMore: "Показать ещё",
    loadMoreFailed: "Не удалось загрузить ещё",
    refresh: "Обновить",
    retry: "Повторить",
  },
  settings: {
    title: "Настройки",
    username: "Имя пользователя",
    notifications: "Уведомления",
    notificationsFailed: "Не удалось обновить уведомления",
    version: "Версия приложения",
    appVersion: "1.0.0",
    developer: "Разработчик",
    logout: "Выйти",
  },
  topUp: {
    title: "Пополнение",
    chooseMethod: "Выберите способ пополнения",
    online: "Онлайн",
    onlineHint: "Зачисление сразу на счёт",
    qr: "По QR-коду",
    qrHint: "Покажите код отправителю",
    currency: "Валюта",
    amount: "Сумма",
    confirm: "Пополнить",
    success: "Кошелек пополнен на {amount} {symbol}",
    failed: "Не удалось пополнить кошелек",
    outcomeUnknown:
      "Нет связи с банком, поэтому неизвестно, зачислено ли пополнение. Повторите — это безопасно: деньги не зачислятся дважды",
    account: "Счёт",
    generate: "Создать QR-код",
    shareLink: "Поделиться ссылкой на оплату",
    shareTitle: "Оплата в Minibank",
    linkCopied: "Ссылка скопирована",
    qrCaption: "Отсканируйте код в Minibank, чтобы перевести деньги на этот счёт",
    submitting: "Пополняем…",
    currencyGroup: "Выберите валюту",
    qrImageLabel: "QR-код для перевода на счёт {number}",
    qrLink: "Ссылка для оплаты",
    noWallets: "У вас пока нет счетов",
    toBank: "На главную",
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
  },
  /** A message that travels with a transfer. */
  transferMessage: {
    label: "Сообщение получателю",
    placeholder: "Необязательно, до 140 символов",
    /** On the confirmation sheet and the receipt. */
    term: "Сообщение",
    /** The line a credit notification adds: "Вам перевели 100,00 ₽ от Алиса\nСообщение: «За обед»". */
    notice: "Сообщение: «{message}»",
    tooLong: "Сообщение — не больше 140 символов",
    controlCharacters: "Сообщение может содержать только обычный текст",
  },
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
    /** The first line of a shared receipt. */
    shareTitle: "Квитанция Minibank",
  },
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
  debug: {
    initData: "Данные запуска",
    themeParams: "Параметры темы",
    launchParams: "Параметры запуска",
    tonConnect: "TON Connect",
    empty: "Нет данных",
    emptyHint: "Откройте приложение в Telegram, чтобы увидеть эти данные",
    ton: {
      disconnected: "Чтобы увидеть данные, подключите кошелёк",
      wallet: "Кошелёк",
      account: "Аккаунт",
      address: "Адрес",
      rawAddress: "Адрес (raw)",
      chain: "Сеть",
      mainnet: "основная",
      testnet: "тестовая",
      publicKey: "Публичный ключ",
      device: "Устройство",
      appName: "Приложение",
      appVersion: "Версия",
      maxProtocolVersion: "Макс. версия протокола",
      platform: "Платформа",
      features: "Возможности",
      sendTest: "Отправить тестовую транзакцию",
      sendTestHint: "Перевод 0 TON на свой же адрес: кошелёк попросит подтверждение",
    },
  },
  /** The bot that carries the Mini App. */
  bot: {
    menuButton: "Открыть Minibank",
    commandStart: "Открыть кошелёк",
    commandHelp: "Что умеет бот",
    description:
      "Minibank — мультивалютный кошелёк в Telegram: рубли, доллары, евро и юани, переводы по номеру счёта, имени или e-mail, история и QR-коды для оплаты. Нажмите «Открыть Minibank».",
    shortDescription: "Мультивалютный кошелёк прямо в Telegram",
    start: "Добро пожаловать в Minibank! Откройте кошелёк кнопкой ниже — балансы, переводы и история всегда под рукой.",
    startWithPayload: "Откройте Minibank, чтобы продолжить.",
    help: "Minibank открывается кнопкой «Открыть Minibank» в меню чата или командой /start. Там — счета в четырёх валютах, переводы, пополнение и история.",
    openButton: "Открыть Minibank",
    /** Credit notifications (by the bot, or by e-mail). */
    received: "Вам перевели {amount} от {name}",
    toppedUp: "Счёт пополнен на {amount}",
    historyButton: "Открыть историю",
    receivedSubject: "Поступление на счёт в Minibank",
    /**
     * Several credits told in one message ("Вам пришло 12 переводов на 15 300,00 ₽"), by the
     * plural form of the count (see `pluralForm`); {amount} is the sum per currency.
     */
    receivedMany: {
      one: "Вам пришёл {count} перевод на {amount}",
      few: "Вам пришло {count} перевода на {amount}",
      many: "Вам пришло {count} переводов на {amount}",
    },
    toppedUpMany: {
      one: "Счёт пополнен {count} раз на {amount}",
      few: "Счёт пополнен {count} раза на {amount}",
      many: "Счёт пополнен {count} раз на {amount}",
    },
    /** Transfers and top-ups together. */
    creditedMany: {
      one: "Вам пришло {count} поступление на {amount}",
      few: "Вам пришло {count} поступления на {amount}",
      many: "Вам пришло {count} поступлений на {amount}",
    },
  },
  mailbox: {
    title: "Демо-почта",
    empty: "Писем пока нет",
    hint: "Письма демо-режима (последние 20). Обновите страницу, чтобы увидеть новые.",
    to: "Кому",
    subject: "Тема",
    sentAt: "Отправлено",
  },
  mail: {
    codeSubject: "Код для входа в Minibank",
    codeText:
      "Здравствуйте!\n\nВаш код для входа в Minibank: {code}\n\nКод действует 10 минут. Если вы не запрашивали код, просто проигнорируйте это письмо.",
  },
  /** Server error messages, shown to the user as they are. */
  errors: {
    validation: "Некорректные данные запроса",
    invalidJson: "Тело запроса должно быть корректным JSON",
    unauthorized: "Требуется вход в приложение",
    forbidden: "Нет доступа к этому ресурсу",
    notFound: "Не найдено",
    userNotFound: "Пользователь не найден",
    walletNotFound: "Кошелёк не найден",
    rateNotFound: "Курс валюты не найден",
    insufficientFunds: "Недостаточно средств на счёте",
    balanceLimit: "Сумма на счёте получателя превысила бы допустимый предел",
    topUpDailyLimit: "Превышен дневной лимит пополнений этого счёта. Попробуйте завтра",
    sameWallet: "Нельзя перевести на тот же счёт",
    invalidAmount: "Введите корректную сумму",
    topUpLimit: "Сумма пополнения должна быть от 0,01 до 1 000 000,00",
    unknownCurrency: "Неизвестная валюта",
    idempotencyMismatch: "Ключ идемпотентности уже использован с другими данными",
    rateLimited: "Слишком много запросов. Попробуйте позже",
    payloadTooLarge: "Слишком большой запрос",
    requestAborted: "Запрос прерван до конца",
    wrongCode: "Неверный или просроченный код",
    invalidInitData: "Данные Telegram недействительны или устарели",
    invalidRefresh: "Сессия истекла. Войдите снова",
    mailFailed: "Не удалось отправить письмо",
    invalidDateRange: "Некорректный период дат",
    internal: "Внутренняя ошибка сервера. Попробуйте позже",
    unavailable: "Сервис временно недоступен",
    rateUnavailable: "Курс обмена сейчас недоступен. Попробуйте позже",
    idempotencyKeyInvalid: "Ключ идемпотентности должен содержать от 1 до 128 символов",
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
