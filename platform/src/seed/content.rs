//! The texts of the client's content pages (step `content-v1`): static pages, FAQ entries, bonus
//! pages and the welcome package, in markdown, in each seeded locale. Markdown only: no raw HTML,
//! links are relative to the site.

use sqlx::{Sqlite, Transaction};

struct Entry {
    kind: &'static str,
    slug: &'static str,
    /// (locale, title, markdown body)
    texts: &'static [(&'static str, &'static str, &'static str)],
}

const ENTRIES: &[Entry] = &[
    Entry {
        kind: "page",
        slug: "about-us",
        texts: &[
            (
                "en",
                "About us",
                "## Who we are\n\nWe are an online casino and sportsbook built for players who want fair games, fast payments and friendly support in their own language.\n\n- More than 600 games from 20 studios, from classic slots to live tables\n- Sports betting on football, basketball, tennis, e-sports and more\n- Deposits and withdrawals in fiat and crypto currencies\n- Support around the clock by chat and e-mail\n\nQuestions? [Contact our support team](/support) at any time.",
            ),
            (
                "ru",
                "О нас",
                "## Кто мы\n\nМы — онлайн-казино и букмекерская контора для игроков, которым важны честные игры, быстрые выплаты и поддержка на родном языке.\n\n- Более 600 игр от 20 студий: от классических слотов до live-столов\n- Ставки на футбол, баскетбол, теннис, киберспорт и многое другое\n- Пополнение и вывод в фиатных валютах и криптовалюте\n- Круглосуточная поддержка в чате и по e-mail\n\nОстались вопросы? [Напишите в поддержку](/support) в любое время.",
            ),
            (
                "es",
                "Quiénes somos",
                "## Quiénes somos\n\nSomos un casino en línea y una casa de apuestas deportivas pensados para jugadores que buscan juegos justos, pagos rápidos y atención en su propio idioma.\n\n- Más de 600 juegos de 20 estudios, desde tragamonedas clásicas hasta mesas en vivo\n- Apuestas en fútbol, baloncesto, tenis, e-sports y mucho más\n- Depósitos y retiros en monedas fiat y criptomonedas\n- Soporte las 24 horas por chat y correo electrónico\n\n¿Tienes preguntas? [Escribe a nuestro equipo de soporte](/support) cuando quieras.",
            ),
            (
                "pt-br",
                "Sobre nós",
                "## Quem somos\n\nSomos um cassino online e uma casa de apostas esportivas feitos para quem quer jogos justos, pagamentos rápidos e atendimento no próprio idioma.\n\n- Mais de 600 jogos de 20 estúdios, dos caça-níqueis clássicos às mesas ao vivo\n- Apostas em futebol, basquete, tênis, e-sports e muito mais\n- Depósitos e saques em moedas fiduciárias e criptomoedas\n- Suporte 24 horas por chat e e-mail\n\nFicou com alguma dúvida? [Fale com o nosso suporte](/support) quando quiser.",
            ),
        ],
    },
    Entry {
        kind: "page",
        slug: "terms-and-conditions",
        texts: &[
            (
                "en",
                "Terms and conditions",
                "## 1. Your account\n\nYou must be at least 18 years old, or older where the law of your country says so, to open an account. One person may hold one account.\n\n## 2. Deposits and withdrawals\n\nDeposits are credited as soon as the payment provider confirms them. Withdrawals go back to a method in your name; we may ask you to [verify your identity](/profile/info) first.\n\n## 3. Bonuses\n\nEvery bonus has its own wagering conditions, shown on its [bonus page](/bonuses). Bonus funds cannot be withdrawn before the conditions are met.\n\n## 4. Fair play\n\nGames are supplied by licensed studios with certified random number generators. Accounts used for fraud or bonus abuse may be closed.",
            ),
            (
                "ru",
                "Правила и условия",
                "## 1. Ваш аккаунт\n\nОткрыть аккаунт можно с 18 лет или с более старшего возраста, если этого требует закон вашей страны. Один человек может иметь только один аккаунт.\n\n## 2. Пополнение и вывод\n\nДепозит зачисляется сразу после подтверждения платёжной системой. Выплаты отправляются на способ оплаты, оформленный на ваше имя; перед выплатой мы можем попросить [подтвердить личность](/profile/info).\n\n## 3. Бонусы\n\nУ каждого бонуса свои условия отыгрыша — они указаны на [странице бонуса](/bonuses). Бонусные средства нельзя вывести, пока условия не выполнены.\n\n## 4. Честная игра\n\nИгры предоставлены лицензированными студиями с сертифицированными генераторами случайных чисел. Аккаунты, используемые для мошенничества или злоупотребления бонусами, могут быть закрыты.",
            ),
            (
                "es",
                "Términos y condiciones",
                "## 1. Tu cuenta\n\nPara abrir una cuenta debes tener al menos 18 años, o la edad mayor que exija la ley de tu país. Cada persona puede tener una sola cuenta.\n\n## 2. Depósitos y retiros\n\nLos depósitos se acreditan en cuanto el proveedor de pago los confirma. Los retiros se envían a un método a tu nombre; antes podemos pedirte que [verifiques tu identidad](/profile/info).\n\n## 3. Bonos\n\nCada bono tiene sus propias condiciones de apuesta, indicadas en su [página del bono](/bonuses). El saldo de bono no se puede retirar hasta cumplirlas.\n\n## 4. Juego limpio\n\nLos juegos provienen de estudios con licencia y generadores de números aleatorios certificados. Las cuentas usadas para fraude o abuso de bonos pueden cerrarse.",
            ),
            (
                "pt-br",
                "Termos e condições",
                "## 1. Sua conta\n\nVocê precisa ter pelo menos 18 anos, ou a idade maior exigida pela lei do seu país, para abrir uma conta. Cada pessoa pode ter apenas uma conta.\n\n## 2. Depósitos e saques\n\nOs depósitos são creditados assim que o provedor de pagamento os confirma. Os saques vão para um método em seu nome; antes disso, podemos pedir que você [verifique sua identidade](/profile/info).\n\n## 3. Bônus\n\nCada bônus tem suas próprias regras de apostas, mostradas na [página do bônus](/bonuses). O saldo de bônus não pode ser sacado antes de cumpri-las.\n\n## 4. Jogo justo\n\nOs jogos vêm de estúdios licenciados com geradores de números aleatórios certificados. Contas usadas para fraude ou abuso de bônus podem ser encerradas.",
            ),
        ],
    },
    Entry {
        kind: "page",
        slug: "privacy-policy",
        texts: &[
            (
                "en",
                "Privacy policy",
                "## What we collect\n\nYour contact details, the documents you upload for verification, your payments and your game history.\n\n## Why\n\nTo run your account, pay out your winnings, meet our legal duties against fraud and money laundering, and, only if you agree, to send you offers.\n\n## Your rights\n\nYou can see, correct or ask us to delete your data. Write to [support](/support) and we will answer within 30 days.",
            ),
            (
                "ru",
                "Политика конфиденциальности",
                "## Какие данные мы собираем\n\nКонтактные данные, документы, загруженные для верификации, платежи и историю игр.\n\n## Зачем\n\nЧтобы вести ваш аккаунт, выплачивать выигрыши, выполнять требования закона о борьбе с мошенничеством и отмыванием денег и — только с вашего согласия — присылать предложения.\n\n## Ваши права\n\nВы можете получить свои данные, исправить их или попросить удалить. Напишите в [поддержку](/support), и мы ответим в течение 30 дней.",
            ),
            (
                "es",
                "Política de privacidad",
                "## Qué datos recogemos\n\nTus datos de contacto, los documentos que subes para la verificación, tus pagos y tu historial de juego.\n\n## Para qué\n\nPara gestionar tu cuenta, pagar tus ganancias, cumplir nuestras obligaciones legales contra el fraude y el blanqueo de capitales y, solo si lo aceptas, enviarte ofertas.\n\n## Tus derechos\n\nPuedes consultar, corregir o pedir que borremos tus datos. Escribe a [soporte](/support) y te responderemos en un plazo de 30 días.",
            ),
            (
                "pt-br",
                "Política de privacidade",
                "## O que coletamos\n\nSeus dados de contato, os documentos enviados para verificação, seus pagamentos e seu histórico de jogos.\n\n## Para quê\n\nPara manter sua conta, pagar seus ganhos, cumprir nossas obrigações legais contra fraude e lavagem de dinheiro e, só com a sua permissão, enviar ofertas.\n\n## Seus direitos\n\nVocê pode consultar, corrigir ou pedir a exclusão dos seus dados. Escreva para o [suporte](/support) e responderemos em até 30 dias.",
            ),
        ],
    },
    Entry {
        kind: "page",
        slug: "responsible-gaming",
        texts: &[
            (
                "en",
                "Responsible gaming",
                "Playing should be fun, never a way to make money or escape problems.\n\n## Tools you can use\n\n- **Deposit, bet and loss limits** per day, week or month\n- **Cooling-off** for a short break\n- **Self-exclusion** for six months or longer\n\nSet them in [your profile](/profile/limits). A lower limit applies at once; a higher one after a waiting period.\n\n## Need help?\n\nIf gambling stops being fun, talk to us or to an independent organisation such as Gamblers Anonymous.",
            ),
            (
                "ru",
                "Ответственная игра",
                "Игра должна приносить удовольствие, а не быть способом заработать или уйти от проблем.\n\n## Инструменты контроля\n\n- **Лимиты на депозиты, ставки и проигрыши** на день, неделю или месяц\n- **Перерыв** на короткое время\n- **Самоисключение** на полгода и дольше\n\nНастроить их можно в [профиле](/profile/limits). Уменьшение лимита действует сразу, увеличение — после периода ожидания.\n\n## Нужна помощь?\n\nЕсли игра перестала радовать, обратитесь к нам или в независимую организацию, например «Анонимные игроки».",
            ),
            (
                "es",
                "Juego responsable",
                "Jugar debe ser una diversión, nunca una forma de ganar dinero ni de escapar de los problemas.\n\n## Herramientas a tu alcance\n\n- **Límites de depósito, apuesta y pérdida** por día, semana o mes\n- **Pausa** para tomarte un descanso corto\n- **Autoexclusión** durante seis meses o más\n\nConfigúralos en [tu perfil](/profile/limits). Bajar un límite tiene efecto inmediato; subirlo, tras un periodo de espera.\n\n## ¿Necesitas ayuda?\n\nSi el juego deja de ser divertido, habla con nosotros o con una organización independiente como Jugadores Anónimos.",
            ),
            (
                "pt-br",
                "Jogo responsável",
                "Jogar deve ser diversão, nunca uma forma de ganhar dinheiro ou de fugir dos problemas.\n\n## Ferramentas à sua disposição\n\n- **Limites de depósito, aposta e perda** por dia, semana ou mês\n- **Pausa** para dar um tempo\n- **Autoexclusão** por seis meses ou mais\n\nDefina-os no [seu perfil](/profile/limits). Reduzir um limite vale na hora; aumentar, só depois de um período de espera.\n\n## Precisa de ajuda?\n\nSe o jogo deixar de ser divertido, fale com a gente ou com uma organização independente, como os Jogadores Anônimos.",
            ),
        ],
    },
    Entry {
        kind: "faq",
        slug: "how-to-register",
        texts: &[
            (
                "en",
                "How do I create an account?",
                "Press **Sign up**, enter your e-mail or phone number, choose a password of at least 8 characters and your currency, and accept the terms. In the Telegram app you are signed in automatically.",
            ),
            (
                "ru",
                "Как зарегистрироваться?",
                "Нажмите **Регистрация**, укажите e-mail или номер телефона, придумайте пароль не короче 8 символов, выберите валюту и примите правила. В приложении Telegram вход выполняется автоматически.",
            ),
            (
                "es",
                "¿Cómo creo una cuenta?",
                "Pulsa **Registrarse**, introduce tu correo o tu número de teléfono, elige una contraseña de al menos 8 caracteres y tu moneda, y acepta los términos. En la app de Telegram inicias sesión automáticamente.",
            ),
            (
                "pt-br",
                "Como crio uma conta?",
                "Toque em **Cadastrar**, informe seu e-mail ou número de telefone, escolha uma senha com pelo menos 8 caracteres e sua moeda, e aceite os termos. No app do Telegram o login é automático.",
            ),
        ],
    },
    Entry {
        kind: "faq",
        slug: "how-to-deposit",
        texts: &[
            (
                "en",
                "How do I make a deposit?",
                "Open the [wallet](/?wallet=deposit), pick a payment method and an amount, and confirm. Card and crypto deposits usually arrive within minutes.",
            ),
            (
                "ru",
                "Как пополнить счёт?",
                "Откройте [кошелёк](/?wallet=deposit), выберите способ оплаты и сумму и подтвердите платёж. Пополнение картой и криптовалютой обычно поступает за несколько минут.",
            ),
            (
                "es",
                "¿Cómo hago un depósito?",
                "Abre la [billetera](/?wallet=deposit), elige un método de pago y un importe, y confirma. Los depósitos con tarjeta y cripto suelen llegar en pocos minutos.",
            ),
            (
                "pt-br",
                "Como faço um depósito?",
                "Abra a [carteira](/?wallet=deposit), escolha um método de pagamento e um valor e confirme. Depósitos com cartão e cripto costumam cair em poucos minutos.",
            ),
        ],
    },
    Entry {
        kind: "faq",
        slug: "withdrawal-time",
        texts: &[
            (
                "en",
                "How long does a withdrawal take?",
                "We review withdrawals within 24 hours. Crypto payouts then arrive within an hour; cards and bank transfers take one to three business days. Your first withdrawal may need [verified documents](/profile/info).",
            ),
            (
                "ru",
                "Сколько идёт выплата?",
                "Мы проверяем заявки на вывод в течение 24 часов. После этого криптовалюта приходит в течение часа, а на карту или банковский счёт — за один–три рабочих дня. Для первой выплаты могут понадобиться [подтверждённые документы](/profile/info).",
            ),
            (
                "es",
                "¿Cuánto tarda un retiro?",
                "Revisamos los retiros en un máximo de 24 horas. Después, los pagos en cripto llegan en menos de una hora; las tarjetas y transferencias bancarias tardan de uno a tres días hábiles. Tu primer retiro puede requerir [documentos verificados](/profile/info).",
            ),
            (
                "pt-br",
                "Quanto tempo demora um saque?",
                "Analisamos os saques em até 24 horas. Depois disso, pagamentos em cripto chegam em até uma hora; cartões e transferências bancárias levam de um a três dias úteis. O primeiro saque pode exigir [documentos verificados](/profile/info).",
            ),
        ],
    },
    Entry {
        kind: "faq",
        slug: "verify-account",
        texts: &[
            (
                "en",
                "Why do I need to verify my identity?",
                "The law requires us to know who our players are, to protect you against fraud and to keep minors out. Upload a photo of your passport, ID card or driving licence and, if asked, a utility bill from the last three months. Files can be JPEG, PNG or PDF up to 10 MB.",
            ),
            (
                "ru",
                "Зачем подтверждать личность?",
                "По закону мы обязаны знать своих игроков: это защищает вас от мошенников и не допускает к игре несовершеннолетних. Загрузите фото паспорта, ID-карты или водительского удостоверения и, если попросим, счёт за коммунальные услуги за последние три месяца. Подходят файлы JPEG, PNG или PDF до 10 МБ.",
            ),
            (
                "es",
                "¿Por qué tengo que verificar mi identidad?",
                "La ley nos obliga a saber quiénes son nuestros jugadores, para protegerte del fraude y evitar que jueguen menores. Sube una foto de tu pasaporte, DNI o permiso de conducir y, si te lo pedimos, una factura de suministros de los últimos tres meses. Se admiten archivos JPEG, PNG o PDF de hasta 10 MB.",
            ),
            (
                "pt-br",
                "Por que preciso verificar minha identidade?",
                "A lei exige que saibamos quem são nossos jogadores, para proteger você contra fraudes e impedir o acesso de menores. Envie uma foto do passaporte, RG ou CNH e, se pedirmos, uma conta de consumo dos últimos três meses. São aceitos arquivos JPEG, PNG ou PDF de até 10 MB.",
            ),
        ],
    },
    Entry {
        kind: "faq",
        slug: "forgot-password",
        texts: &[
            (
                "en",
                "I forgot my password. What now?",
                "Press **Forgot password?** in the sign-in window and enter your e-mail. We will send you a link to choose a new password; it is valid for one hour.",
            ),
            (
                "ru",
                "Я забыл пароль. Что делать?",
                "Нажмите **Забыли пароль?** в окне входа и укажите e-mail. Мы пришлём ссылку для создания нового пароля — она действует один час.",
            ),
            (
                "es",
                "He olvidado mi contraseña. ¿Qué hago?",
                "Pulsa **¿Olvidaste tu contraseña?** en la ventana de acceso e introduce tu correo. Te enviaremos un enlace para elegir una nueva; es válido durante una hora.",
            ),
            (
                "pt-br",
                "Esqueci minha senha. E agora?",
                "Toque em **Esqueceu a senha?** na janela de login e informe seu e-mail. Enviaremos um link para criar uma nova senha, válido por uma hora.",
            ),
        ],
    },
    Entry {
        kind: "faq",
        slug: "bonus-wagering",
        texts: &[
            (
                "en",
                "What does wagering mean?",
                "Wagering is how many times you need to bet a bonus before it turns into real money. With a 35x wager, a 10 USD bonus needs 350 USD of bets. Your progress is shown in the [bonuses section](/bonuses).",
            ),
            (
                "ru",
                "Что такое вейджер?",
                "Вейджер показывает, сколько раз нужно поставить сумму бонуса, чтобы он стал реальными деньгами. При вейджере x35 бонус в 10 USD требует ставок на 350 USD. Прогресс отыгрыша виден в [разделе бонусов](/bonuses).",
            ),
            (
                "es",
                "¿Qué significa el requisito de apuesta?",
                "Es el número de veces que debes apostar un bono antes de que se convierta en dinero real. Con un requisito de x35, un bono de 10 USD necesita 350 USD en apuestas. Puedes ver tu progreso en la [sección de bonos](/bonuses).",
            ),
            (
                "pt-br",
                "O que é rollover?",
                "Rollover é quantas vezes você precisa apostar o valor do bônus antes que ele vire dinheiro real. Com rollover de 35x, um bônus de 10 USD exige 350 USD em apostas. Acompanhe seu progresso na [seção de bônus](/bonuses).",
            ),
        ],
    },
    Entry {
        kind: "bonus",
        slug: "welcome-bonus",
        texts: &[
            (
                "en",
                "100% welcome bonus",
                "Double your first deposit: we add **100% up to 500 USD** and **100 free spins** on Book of Sands.\n\n- Minimum deposit: 10 USD\n- Wagering: 35x the bonus within 30 days\n- Free spins: 20 a day for five days\n\nMake your [first deposit](/?wallet=deposit) to claim it.",
            ),
            (
                "ru",
                "Приветственный бонус 100%",
                "Удвойте первый депозит: мы начислим **100% до 500 USD** и **100 фриспинов** в Book of Sands.\n\n- Минимальный депозит: 10 USD\n- Вейджер: x35 от суммы бонуса в течение 30 дней\n- Фриспины: по 20 в день в течение пяти дней\n\nСделайте [первый депозит](/?wallet=deposit), чтобы получить бонус.",
            ),
            (
                "es",
                "Bono de bienvenida del 100%",
                "Duplica tu primer depósito: te damos **el 100% hasta 500 USD** y **100 giros gratis** en Book of Sands.\n\n- Depósito mínimo: 10 USD\n- Requisito de apuesta: x35 el bono en 30 días\n- Giros gratis: 20 al día durante cinco días\n\nHaz tu [primer depósito](/?wallet=deposit) para conseguirlo.",
            ),
            (
                "pt-br",
                "Bônus de boas-vindas de 100%",
                "Dobre seu primeiro depósito: damos **100% até 500 USD** e **100 rodadas grátis** no Book of Sands.\n\n- Depósito mínimo: 10 USD\n- Rollover: 35x o bônus em até 30 dias\n- Rodadas grátis: 20 por dia durante cinco dias\n\nFaça seu [primeiro depósito](/?wallet=deposit) para garantir.",
            ),
        ],
    },
    Entry {
        kind: "bonus",
        slug: "weekly-cashback",
        texts: &[
            (
                "en",
                "Weekly cashback",
                "Every Monday we return **10% of your net losses** of the past week, up to 1,000 USD, with only **1x wagering**.\n\nCashback is credited automatically to the currency you played in.",
            ),
            (
                "ru",
                "Еженедельный кэшбэк",
                "Каждый понедельник мы возвращаем **10% чистого проигрыша** за прошлую неделю, до 1 000 USD, с вейджером всего **x1**.\n\nКэшбэк начисляется автоматически в той валюте, в которой вы играли.",
            ),
            (
                "es",
                "Cashback semanal",
                "Cada lunes te devolvemos **el 10% de tus pérdidas netas** de la semana anterior, hasta 1.000 USD, con un requisito de apuesta de solo **x1**.\n\nEl cashback se acredita automáticamente en la moneda en la que jugaste.",
            ),
            (
                "pt-br",
                "Cashback semanal",
                "Toda segunda-feira devolvemos **10% das suas perdas líquidas** da semana anterior, até 1.000 USD, com rollover de apenas **1x**.\n\nO cashback é creditado automaticamente na moeda em que você jogou.",
            ),
        ],
    },
    Entry {
        kind: "bonus",
        slug: "free-spins-friday",
        texts: &[
            (
                "en",
                "Free spins Friday",
                "Deposit at least 20 USD on a Friday and get **50 free spins** on Diamond Mine. Winnings from the spins carry a 30x wager.",
            ),
            (
                "ru",
                "Пятница фриспинов",
                "Пополните счёт минимум на 20 USD в пятницу и получите **50 фриспинов** в Diamond Mine. На выигрыш с фриспинов действует вейджер x30.",
            ),
            (
                "es",
                "Viernes de giros gratis",
                "Deposita al menos 20 USD un viernes y recibe **50 giros gratis** en Diamond Mine. Las ganancias de los giros tienen un requisito de apuesta de x30.",
            ),
            (
                "pt-br",
                "Sexta das rodadas grátis",
                "Deposite pelo menos 20 USD numa sexta-feira e ganhe **50 rodadas grátis** no Diamond Mine. Os ganhos das rodadas têm rollover de 30x.",
            ),
        ],
    },
    Entry {
        kind: "welcome",
        slug: "welcome-package",
        texts: &[
            (
                "en",
                "Welcome package",
                "Up to **1,500 USD and 250 free spins** over your first four deposits.\n\n| Deposit | Bonus | Free spins |\n|---|---|---|\n| 1st | 100% up to 500 USD | 100 |\n| 2nd | 75% up to 400 USD | 50 |\n| 3rd | 50% up to 300 USD | 50 |\n| 4th | 50% up to 300 USD | 50 |\n\nEach bonus has a 35x wager and is valid for 30 days. [Deposit now](/?wallet=deposit).",
            ),
            (
                "ru",
                "Приветственный пакет",
                "До **1 500 USD и 250 фриспинов** за первые четыре депозита.\n\n| Депозит | Бонус | Фриспины |\n|---|---|---|\n| 1-й | 100% до 500 USD | 100 |\n| 2-й | 75% до 400 USD | 50 |\n| 3-й | 50% до 300 USD | 50 |\n| 4-й | 50% до 300 USD | 50 |\n\nВейджер каждого бонуса — x35, срок действия — 30 дней. [Пополнить счёт](/?wallet=deposit).",
            ),
            (
                "es",
                "Paquete de bienvenida",
                "Hasta **1.500 USD y 250 giros gratis** en tus primeros cuatro depósitos.\n\n| Depósito | Bono | Giros gratis |\n|---|---|---|\n| 1.º | 100% hasta 500 USD | 100 |\n| 2.º | 75% hasta 400 USD | 50 |\n| 3.º | 50% hasta 300 USD | 50 |\n| 4.º | 50% hasta 300 USD | 50 |\n\nCada bono tiene un requisito de apuesta de x35 y es válido durante 30 días. [Deposita ahora](/?wallet=deposit).",
            ),
            (
                "pt-br",
                "Pacote de boas-vindas",
                "Até **1.500 USD e 250 rodadas grátis** nos seus quatro primeiros depósitos.\n\n| Depósito | Bônus | Rodadas grátis |\n|---|---|---|\n| 1º | 100% até 500 USD | 100 |\n| 2º | 75% até 400 USD | 50 |\n| 3º | 50% até 300 USD | 50 |\n| 4º | 50% até 300 USD | 50 |\n\nCada bônus tem rollover de 35x e vale por 30 dias. [Deposite agora](/?wallet=deposit).",
            ),
        ],
    },
];

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    for (position, entry) in ENTRIES.iter().enumerate() {
        for (locale, title, body) in entry.texts {
            sqlx::query(
                "INSERT INTO content_entries (kind, slug, locale, title, body, position)
                 VALUES (?, ?, ?, ?, ?, ?)",
            )
            .bind(entry.kind)
            .bind(entry.slug)
            .bind(locale)
            .bind(title)
            .bind(body)
            .bind(position as i64)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_in_every_seeded_locale() {
        for entry in ENTRIES {
            let locales: Vec<&str> = entry.texts.iter().map(|(locale, ..)| *locale).collect();
            assert_eq!(locales, ["en", "ru", "es", "pt-br"], "{}", entry.slug);
        }
    }

    #[test]
    fn bodies_are_plain_markdown_with_site_links() {
        for entry in ENTRIES {
            for (locale, title, body) in entry.texts {
                let text = format!("{title}\n{body}");
                assert!(!text.contains('<'), "raw HTML in {} ({locale})", entry.slug);
                for (i, _) in text.match_indices("](") {
                    assert!(
                        text[i + 2..].starts_with('/'),
                        "an off-site link in {} ({locale})",
                        entry.slug
                    );
                }
            }
        }
    }
}
