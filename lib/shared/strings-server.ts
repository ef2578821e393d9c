import type { Widen } from "@/lib/shared/strings";

/**
 * The Russian texts only the server says: the bot's messages, e-mail, inline mode, and the API's
 * error messages (answered in the caller's language). The browser never loads them (a lint rule);
 * the server has them with every other text in lib/shared/i18n.ts.
 */
export const ruServer = {
  bot: {
    limitRaised: "Лимит переводов в {currency} повышен ({limits}). Новый лимит начнёт действовать {when} (МСК). Если это были не вы, заморозьте переводы: Настройки → Лимиты и заморозка.",
    limitDaily: "в день: {amount}",
    limitMonthly: "в месяц: {amount}",
    limitNone: "без лимита",
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
    /** {sender}: the sender's handle (senderTelegram / senderMinibank), never a name they typed. */
    received: "Вам перевели {amount} от {sender}",
    senderTelegram: "@{handle} (Telegram)",
    senderMinibank: "{handle} (Minibank)",
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
  mail: {
    codeSubject: "Код для входа в Minibank",
    codeText:
      "Здравствуйте!\n\nВаш код для входа в Minibank: {code}\n\nКод действует 10 минут. Если вы не запрашивали код, просто проигнорируйте это письмо.",
  },
  telegram: {
    /** Inline mode: "@<bot> 500 за обед" in any chat. */
    inline: {
      signIn: "Войдите в Minibank, чтобы запрашивать деньги",
      hint: "Введите сумму: 500 или 12,50 usd за обед",
      noWallet: "Нет счёта в {currency}: откройте Minibank",
      failed: "Запрос не создан. Создайте его в Minibank.",
      /** Suggested for @BotFather's /setinline. */
      placeholder: "Сумма и сообщение: 500 за обед",
    },
  },
  errors: {
    spendingLimit: "Перевод превысил бы ваш лимит на переводы другим людям",
    spendingDailyLimit: "Перевод превысил бы ваш дневной лимит на переводы другим людям. Его можно изменить в настройках: «Лимиты и заморозка»",
    spendingMonthlyLimit: "Перевод превысил бы ваш месячный лимит на переводы другим людям. Его можно изменить в настройках: «Лимиты и заморозка»",
    transfersFrozen: "Переводы заморожены: деньги другим людям сейчас не уходят. Разморозить можно в настройках: «Лимиты и заморозка»",
    limitsInvalid: "Лимит — это сумма больше нуля или null (без лимита)",
    validation: "Некорректные данные запроса",
    invalidJson: "Тело запроса должно быть корректным JSON",
    unauthorized: "Требуется вход в приложение",
    forbidden: "Нет доступа к этому ресурсу",
    notFound: "Не найдено",
    walletNotFound: "Кошелёк не найден",
    rateNotFound: "Курс валюты не найден",
    insufficientFunds: "Недостаточно средств на счёте",
    balanceLimit: "Сумма на счёте получателя превысила бы допустимый предел",
    topUpDailyLimit: "Превышен дневной лимит пополнений этого счёта. Попробуйте завтра",
    sameWallet: "Нельзя перевести на тот же счёт",
    invalidAmount: "Введите корректную сумму",
    unknownCurrency: "Неизвестная валюта",
    idempotencyMismatch: "Ключ идемпотентности уже использован с другими данными",
    rateLimited: "Слишком много запросов. Попробуйте позже",
    transferRateLimited: "Слишком много переводов. Попробуйте позже",
    topUpCountLimited: "Слишком много пополнений за сутки. Попробуйте завтра",
    statementTooLarge: "Выписка за этот период слишком большая. Выберите период короче",
    statementRateLimited: "Слишком много выписок подряд. Попробуйте через несколько минут",
    insightsRateLimited: "Слишком много запросов аналитики подряд. Попробуйте через несколько минут",
    exchangeCountLimited: "Слишком много обменов за сутки. Попробуйте завтра",
    badAddress: "Неверный адрес страницы",
    toStart: "На главную",
    payloadTooLarge: "Слишком большой запрос",
    requestAborted: "Запрос прерван до конца",
    wrongCode: "Неверный или просроченный код",
    invalidInitData: "Данные Telegram недействительны или устарели",
    invalidRefresh: "Сессия истекла. Войдите снова",
    mailFailed: "Не удалось отправить письмо",
    invalidDateRange: "Некорректный период дат",
    historySearchInvalid: "Строка поиска должна быть не длиннее 100 символов",
    historyFilterInvalid: "Неизвестный фильтр истории",
    unavailable: "Сервис временно недоступен",
    rateUnavailable: "Курс обмена сейчас недоступен. Попробуйте позже",
    idempotencyKeyInvalid: "Ключ идемпотентности должен содержать от 1 до 128 символов",
  },
} as const;

/** The shape of the server's texts: English (lib/shared/strings-en-server.ts) has exactly its keys. */
export type ServerStrings = Widen<typeof ruServer>;
