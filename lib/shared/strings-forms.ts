import type { Widen } from "@/lib/shared/strings";

/**
 * The Russian texts of the forms: sign-in, the transfer form with its confirmation and receipt,
 * the QR scanner and the app lock. Apart from the texts every screen needs
 * (lib/shared/strings.ts) so that /bank does not carry them: the screens that use them read them
 * through lib/client/form-strings.ts.
 */
export const ruForms = {
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
    success: "Перевод выполнен",
    errorPrefix: "Ошибка: ",
    submitting: "Отправляем…",
    recipient: "Получатель",
    /** Under the recipient's name: whether Telegram vouches for it. */
    telegramVerified: "Имя подтверждено Telegram",
    notTelegramVerified: "Имя не из Telegram — сверьте получателя",
    balance: "Баланс",
    noRecipientWallets: "У получателя нет счетов",
    /** The request left but no answer came back: the transfer may or may not have happened. */
    outcomeUnknown:
      "Нет связи с банком, поэтому неизвестно, выполнен ли перевод. Отправьте его ещё раз — это безопасно: деньги не спишутся дважды",
    schedule: "Запланировать",
    /** The same toggle while the schedule panel is open: it closes the panel, back to a transfer now. */
    scheduleOff: "Перевести сейчас",
  },
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
    exchangeDone: "Обмен выполнен",
    exchangeKind: "Обмен",
    /** How the movement came to be made (TransferDto.channel). */
    channel: "Источник",
    channels: { app: "Приложение", schedule: "По расписанию", request: "Запрос на оплату", split: "Разделение счёта", roundup: "Округление", order: "Заявка по курсу" },
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
} as const;

/** The shape of the forms' texts: English (lib/shared/strings-en-forms.ts) has exactly its keys. */
export type FormStrings = Widen<typeof ruForms>;
