
  // ----- Translations: the widget's strings in the cultures the integrator may set ------------------

  var STRINGS = {
    'en-GB': {
      sports: 'Sports', live: 'Live', myBets: 'My bets', search: 'Search', top: 'Top events', overview: 'Sportsbook',
      draw: 'Draw', toWin: '{team} to win at {odds}', drawAt: 'Draw at {odds}', slip: 'Bet slip', single: 'Single',
      acca: 'Accumulator ({n})', stake: 'Stake ({currency})', returns: 'Potential return: {amount}', place: 'Place bet',
      placing: 'Placing…', remove: 'Remove {name}', empty: 'Tap odds to add a selection.', placed: 'Bet #{id} placed.',
      oddsChanged: 'The odds have changed. Check them and place the bet again.', noEvents: 'No events here right now.',
      loading: 'Loading…', failed: 'This could not be loaded.', retry: 'Retry', signIn: 'Sign in to bet',
      signInHistory: 'Sign in to see your bets.',
      robotCheck: 'Confirm you are not a robot to bet', robotCheckHistory: 'Confirm you are not a robot to see your bets.', noBets: 'No bets yet.', open: 'Open', won: 'Won {amount}', lost: 'Lost',
      unavailable: 'This page is not available in the sandbox.', back: 'Back to the sportsbook', badStake: 'Enter a stake like 10 or 2.50.',
      result: 'Result: {result}', liveNow: 'Live', searchLabel: 'Team or championship', noResults: 'Nothing found.',
      over: 'This event is over.', championships: 'Championships', events: 'Events',
      results: 'Results', virtual: 'Virtual', settings: 'Settings', resultsTitle: 'Results', noFinished: 'No finished events yet.', finalScore: 'Final score: {home} {score} {away}', winner: 'Winner: {team}', drawn: 'The match was drawn.', details: 'Details of {name}', notFinished: 'This event has not finished yet.', virtualTitle: 'Virtual sports', virtualHint: 'A match kicks off every {cycle} minutes and lasts {length} minutes: bet before it starts, see the result minutes later.', latestResults: 'Latest results', oddsFormat: 'Odds format', decimal: 'Decimal (2.50)', fractional: 'Fractional (3/2)', american: 'American (+150)', saved: 'Saved. Odds now show as {format}.', oddsKept: 'Kept on this device.'
    },
    'ru-RU': {
      sports: 'Виды спорта', live: 'Live', myBets: 'Мои ставки', search: 'Поиск', top: 'Главные события', overview: 'Ставки на спорт',
      draw: 'Ничья', toWin: '{team} победит, коэффициент {odds}', drawAt: 'Ничья, коэффициент {odds}', slip: 'Купон', single: 'Одиночная',
      acca: 'Экспресс ({n})', stake: 'Ставка ({currency})', returns: 'Возможный выигрыш: {amount}', place: 'Сделать ставку',
      placing: 'Ставка…', remove: 'Убрать {name}', empty: 'Нажмите на коэффициент, чтобы добавить исход.', placed: 'Ставка №{id} принята.',
      oddsChanged: 'Коэффициенты изменились. Проверьте их и сделайте ставку снова.', noEvents: 'Сейчас здесь нет событий.',
      loading: 'Загрузка…', failed: 'Не удалось загрузить.', retry: 'Повторить', signIn: 'Войдите, чтобы сделать ставку',
      signInHistory: 'Войдите, чтобы увидеть свои ставки.',
      robotCheck: 'Подтвердите, что вы не робот, чтобы делать ставки', robotCheckHistory: 'Подтвердите, что вы не робот, чтобы увидеть свои ставки.', noBets: 'Ставок пока нет.', open: 'Открыта', won: 'Выигрыш {amount}', lost: 'Проигрыш',
      unavailable: 'Эта страница недоступна в песочнице.', back: 'К ставкам на спорт', badStake: 'Введите сумму, например 10 или 2.50.',
      result: 'Результат: {result}', liveNow: 'Live', searchLabel: 'Команда или турнир', noResults: 'Ничего не найдено.',
      over: 'Событие завершено.', championships: 'Турниры', events: 'События',
      results: 'Результаты', virtual: 'Виртуальный спорт', settings: 'Настройки', resultsTitle: 'Результаты', noFinished: 'Завершённых событий пока нет.', finalScore: 'Итоговый счёт: {home} {score} {away}', winner: 'Победитель: {team}', drawn: 'Матч завершился вничью.', details: 'Подробнее: {name}', notFinished: 'Это событие ещё не завершено.', virtualTitle: 'Виртуальный спорт', virtualHint: 'Матч начинается каждые {cycle} минут и длится {length} минуты: ставьте до начала, результат — через несколько минут.', latestResults: 'Последние результаты', oddsFormat: 'Формат коэффициентов', decimal: 'Десятичный (2.50)', fractional: 'Дробный (3/2)', american: 'Американский (+150)', saved: 'Сохранено. Коэффициенты показаны в формате: {format}.', oddsKept: 'Сохраняется на этом устройстве.'
    },
    'es-ES': {
      sports: 'Deportes', live: 'En vivo', myBets: 'Mis apuestas', search: 'Buscar', top: 'Eventos destacados', overview: 'Apuestas deportivas',
      draw: 'Empate', toWin: '{team} gana a {odds}', drawAt: 'Empate a {odds}', slip: 'Boleto', single: 'Simple',
      acca: 'Combinada ({n})', stake: 'Importe ({currency})', returns: 'Ganancia posible: {amount}', place: 'Apostar',
      placing: 'Apostando…', remove: 'Quitar {name}', empty: 'Toca una cuota para añadir una selección.', placed: 'Apuesta n.º {id} realizada.',
      oddsChanged: 'Las cuotas han cambiado. Revísalas y apuesta de nuevo.', noEvents: 'Ahora no hay eventos aquí.',
      loading: 'Cargando…', failed: 'No se pudo cargar.', retry: 'Reintentar', signIn: 'Inicia sesión para apostar',
      signInHistory: 'Inicia sesión para ver tus apuestas.',
      robotCheck: 'Confirma que no eres un robot para apostar', robotCheckHistory: 'Confirma que no eres un robot para ver tus apuestas.', noBets: 'Aún no hay apuestas.', open: 'Abierta', won: 'Ganada {amount}', lost: 'Perdida',
      unavailable: 'Esta página no está disponible en el sandbox.', back: 'Volver a las apuestas', badStake: 'Escribe un importe como 10 o 2.50.',
      result: 'Resultado: {result}', liveNow: 'En vivo', searchLabel: 'Equipo o competición', noResults: 'No se encontró nada.',
      over: 'Este evento ha terminado.', championships: 'Competiciones', events: 'Eventos',
      results: 'Resultados', virtual: 'Virtuales', settings: 'Ajustes', resultsTitle: 'Resultados', noFinished: 'Aún no hay eventos terminados.', finalScore: 'Resultado final: {home} {score} {away}', winner: 'Ganador: {team}', drawn: 'El partido terminó en empate.', details: 'Detalles de {name}', notFinished: 'Este evento aún no ha terminado.', virtualTitle: 'Deportes virtuales', virtualHint: 'Un partido empieza cada {cycle} minutos y dura {length} minutos: apuesta antes de que empiece y ve el resultado minutos después.', latestResults: 'Últimos resultados', oddsFormat: 'Formato de cuotas', decimal: 'Decimal (2.50)', fractional: 'Fraccionario (3/2)', american: 'Americano (+150)', saved: 'Guardado. Las cuotas se muestran en formato {format}.', oddsKept: 'Se guarda en este dispositivo.'
    },
    'pt-BR': {
      sports: 'Esportes', live: 'Ao vivo', myBets: 'Minhas apostas', search: 'Buscar', top: 'Principais eventos', overview: 'Apostas esportivas',
      draw: 'Empate', toWin: '{team} vence a {odds}', drawAt: 'Empate a {odds}', slip: 'Boletim', single: 'Simples',
      acca: 'Múltipla ({n})', stake: 'Valor ({currency})', returns: 'Retorno possível: {amount}', place: 'Apostar',
      placing: 'Apostando…', remove: 'Remover {name}', empty: 'Toque numa odd para adicionar uma seleção.', placed: 'Aposta nº {id} feita.',
      oddsChanged: 'As odds mudaram. Confira e aposte de novo.', noEvents: 'Nenhum evento aqui agora.',
      loading: 'Carregando…', failed: 'Não foi possível carregar.', retry: 'Tentar de novo', signIn: 'Entre para apostar',
      signInHistory: 'Entre para ver suas apostas.',
      robotCheck: 'Confirme que você não é um robô para apostar', robotCheckHistory: 'Confirme que você não é um robô para ver suas apostas.', noBets: 'Nenhuma aposta ainda.', open: 'Aberta', won: 'Ganhou {amount}', lost: 'Perdeu',
      unavailable: 'Esta página não está disponível no sandbox.', back: 'Voltar às apostas', badStake: 'Digite um valor como 10 ou 2.50.',
      result: 'Resultado: {result}', liveNow: 'Ao vivo', searchLabel: 'Time ou campeonato', noResults: 'Nada encontrado.',
      over: 'Este evento terminou.', championships: 'Campeonatos', events: 'Eventos',
      results: 'Resultados', virtual: 'Virtuais', settings: 'Configurações', resultsTitle: 'Resultados', noFinished: 'Nenhum evento terminado ainda.', finalScore: 'Placar final: {home} {score} {away}', winner: 'Vencedor: {team}', drawn: 'A partida terminou empatada.', details: 'Detalhes de {name}', notFinished: 'Este evento ainda não terminou.', virtualTitle: 'Esportes virtuais', virtualHint: 'Uma partida começa a cada {cycle} minutos e dura {length} minutos: aposte antes do início e veja o resultado minutos depois.', latestResults: 'Últimos resultados', oddsFormat: 'Formato das odds', decimal: 'Decimal (2.50)', fractional: 'Fracionário (3/2)', american: 'Americano (+150)', saved: 'Salvo. As odds aparecem no formato {format}.', oddsKept: 'Fica salvo neste dispositivo.'
    }
  }

  function tr(key, params) {
    var text = (STRINGS[settings.culture] || STRINGS['en-GB'])[key] || STRINGS['en-GB'][key] || key
    Object.keys(params || {}).forEach(function (name) {
      text = text.split('{' + name + '}').join(String(params[name]))
    })
    return text
  }
