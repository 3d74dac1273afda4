// Durbar's translations: the shell's strings in English, Spanish and
// Italian, and the registry board renderers add their own strings to
// (Durbar.i18n.add). Loaded first: it creates window.Durbar.
'use strict';
(() => {
  const Durbar = (window.Durbar = window.Durbar || {});
  const STORAGE_KEY = 'durbar:lang';
  const languages = [
    { id: 'en', label: 'English', short: 'EN' },
    { id: 'es', label: 'Español', short: 'ES' },
    { id: 'it', label: 'Italiano', short: 'IT' },
  ];
  const known = new Set(languages.map((l) => l.id));
  const dicts = { en: {}, es: {}, it: {} };
  const listeners = [];

  // The saved choice wins; else the browser's first language we have.
  function initialLanguage() {
    try {
      const saved = localStorage.getItem(STORAGE_KEY);
      if (known.has(saved)) return saved;
    } catch (_) {
      // Storage may be disabled (private mode): fall through to the browser.
    }
    const wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en']);
    for (const tag of wanted) {
      const base = String(tag || '').toLowerCase().split('-')[0];
      if (known.has(base)) return base;
    }
    return 'en';
  }

  // The server paints the page's first words (Loading…, the noscript
  // message) in the language this cookie names, before any script runs.
  function remember(language) {
    document.cookie = `durbar-lang=${language}; path=/; max-age=31536000; SameSite=Lax`;
  }

  let lang = initialLanguage();
  document.documentElement.lang = lang;
  remember(lang);

  // A choice {n|one|other} says the form for the number params.n: one for
  // 1 (or −1), other for any other number or text, as the server's catalogs
  // do; a branch may hold plain placeholders ("{n|one piece|{n} pieces}").
  function interpolate(text, params) {
    if (!params) return text;
    text = text.replace(/\{(\w+)\|((?:[^{}|]|\{\w+\})*)\|((?:[^{}|]|\{\w+\})*)\}/g, (m, name, one, other) => {
      const v = params[name];
      if (v === undefined || v === null) return m;
      return Math.abs(Number(v)) === 1 ? one : other;
    });
    return text.replace(/\{(\w+)\}/g, (m, name) => (params[name] === undefined || params[name] === null ? m : String(params[name])));
  }

  // t(key, fallback, params): the string in the current language, else in
  // English, else the fallback, else the key itself. A plain object as the
  // second argument is taken as params. Placeholders look like {name}.
  function t(key, fallback, params) {
    if (fallback !== null && typeof fallback === 'object') {
      params = fallback;
      fallback = undefined;
    }
    let text = dicts[lang] && dicts[lang][key];
    if (text === undefined) text = dicts.en[key];
    if (text === undefined) text = fallback === undefined ? key : String(fallback);
    return interpolate(text, params);
  }

  Durbar.i18n = {
    languages,
    get lang() {
      return lang;
    },
    add(language, dict) {
      if (!dicts[language]) dicts[language] = {};
      Object.assign(dicts[language], dict);
    },
    has(key) {
      return (dicts[lang] && dicts[lang][key] !== undefined) || dicts.en[key] !== undefined;
    },
    // The keys a language has, for the tests that check every string is
    // translated.
    keys(language) {
      return Object.keys(dicts[language] || {}).sort();
    },
    setLang(language) {
      if (!known.has(language) || language === lang) return;
      lang = language;
      document.documentElement.lang = lang;
      remember(lang);
      try {
        localStorage.setItem(STORAGE_KEY, lang);
      } catch (_) {
        // Not saved: the choice lasts for this page only.
      }
      for (const fn of listeners) fn(lang);
    },
    onChange(fn) {
      listeners.push(fn);
    },
    t,
  };
  Durbar.t = t;

  Durbar.i18n.add('en', {
    'app.name': 'Durbar',
    'app.loading': 'Loading…',
    'lang.label': 'Language',

    'lobby.games': 'Games',
    'lobby.noGames': 'No games yet. Create one!',
    'lobby.new': 'New game',
    'lobby.game': 'Game',
    'lobby.scenario': 'Scenario',
    'lobby.seats': 'Seats',
    'lobby.players': 'Players',
    'lobby.player': 'Player {n}',
    'lobby.human': 'Human',
    'lobby.computer': 'Computer',
    'lobby.computerKind': 'Computer player',
    'lobby.variants': 'Variants',
    'lobby.seed': 'Seed (optional)',
    'lobby.seedHint': 'The same seed and moves give the same game. Only for games with at most one human seat: the seed tells the future.',
    'lobby.seedInvalid': 'The seed must be a whole number from 0 to 18446744073709551615.',
    'lobby.create': 'Create game',
    'lobby.creating': 'Creating…',
    'lobby.step': 'step {n}',
    'lobby.inProgress': 'in progress',
    'lobby.finished': 'finished',
    'lobby.yours': 'your seat',
    'lobby.created': 'created {date}',
    'lobby.loadError': 'Could not load the games: {error}',
    'lobby.kindsError': 'Could not load the game list: {error}',

    'seat.you': 'you',
    'seat.human': 'human',
    'seat.computer': 'computer',
    'seat.spectator': 'Spectator',
    'seat.deciding': 'to decide',

    'status.yourTurn': 'Your turn',
    'status.yourTurnAs': 'Your turn: {seat}',
    'status.waiting': 'Waiting for {seat}',
    'status.thinking': '{seat} (computer) is thinking…',
    'status.over': 'Game over',
    'status.spectating': 'You are watching as a spectator.',
    'status.offline': 'Connection lost; reconnecting…',

    'prompt.title': 'Decision',
    'prompt.none': 'No options for you right now.',
    'prompt.filter': 'Filter options',
    'prompt.chooser': 'Which one?',
    'board.changed': 'Outlined in orange: {n} places changed since your last decision.',
    'prompt.cancel': 'Cancel',
    'zoom.in': 'Zoom in',
    'zoom.out': 'Zoom out',
    'zoom.reset': 'Whole map',
    'drawer.more': 'Show all ({n})',
    'drawer.less': 'Show less',
    'drawer.expand': 'Show more',
    'prompt.busy': 'Sending…',

    'button.undo': 'Undo',
    'undo.over': 'Undo is not possible: the game is over.',
    'undo.none': 'Undo is not possible: there is no action of yours to take back.',
    'undo.other': 'Undo is not possible: another player has acted since your last action.',
    'undo.secret': 'Undo is not possible: {what} since your last action.',
    'undo.short.over': 'Game over: nothing to undo',
    'undo.short.none': 'Nothing of yours to undo yet',
    'undo.short.other': 'No undo: another player has acted',
    'undo.short.secret': 'No undo: {what}',
    'replay.prev.card': 'Previous card',
    'replay.next.card': 'Next card',
    'replay.prev.turn': 'Previous turn',
    'replay.next.turn': 'Next turn',
    'button.replay': 'Replay',
    'button.first': 'First',
    'button.prev': 'Previous',
    'button.next': 'Next',
    'button.last': 'Last',
    'button.copy': 'Copy',
    'button.copied': 'Copied!',
    'button.copyInvite': 'Copy invite link',
    'button.rekey': 'New link',
    'button.download': 'Download save',
    'button.lobby': 'Back to the lobby',
    'button.toGame': 'Back to the game',
    'button.retry': 'Retry',

    'invite.title': 'Invite links',
    'invite.show': 'Show the links',
    'invite.hint': 'Whoever opens a link plays that seat. Send each to one player only.',
    'invite.created': 'Game created. Send the invite links to the other players, or play every seat here.',
    'invite.rekeyConfirm': 'Make a new link for {seat}? The old link stops working at once.',

    'log.title': 'Game log',
    'log.empty': 'Nothing has happened yet.',
    'log.filter': 'Filter the log',
    'log.reasons': 'Show all the Non-Player reasoning',
    'log.why': 'why ({n})',
    'log.whyTitle': 'The Non-Player reasoning behind this move ({n} lines)',
    'log.card': 'Card {num}: {name}',
    'log.turn': 'Turn {n}',
    'log.noMatch': 'No entry matches.',

    'over.title': 'Game over',
    'over.result': '{result}',
    'over.replay': 'Watch the replay',
    'over.rematch': 'Rematch',
    'pref.sound': 'A sound when your turn comes (page in the background)',
    'pref.notify': 'Notify me when my turn comes (page in the background)',
    'pref.notifyHint': 'A browser notification, once you allow it, in games with other people',
    'notify.title': '{game}: your turn',
    'notify.body': 'It is your turn to play. Click to return to the game.',
    'lobby.yourTurn': 'Your turn',
    'pref.autoplay': 'Play forced moves (a single choice) by themselves',

    'replay.title': 'Replay',
    'replay.step': 'Step {n} of {total}',
    'replay.slider': 'Step',
    'replay.unavailable': 'The replay is available once the game is over.',

    'rule': '§{rule}',
    'error.network': 'Network error: {error}',
    'error.notFound': 'This game does not exist.',
    'error.stale': 'The game moved on; the view is up to date again.',
    'error.badKey': 'The key this browser holds for this game was not accepted; you are watching as a spectator.',
    'error.render': 'The board could not be drawn: {error}',
    'error.noRenderer': 'This page has no board drawing for “{game}”.',
    'error.generic': 'Something went wrong: {error}',
    'error.withRule': '{error} ({rule})',
  });

  Durbar.i18n.add('es', {
    'app.loading': 'Cargando…',
    'lang.label': 'Idioma',

    'lobby.games': 'Partidas',
    'lobby.noGames': 'Aún no hay partidas. ¡Crea una!',
    'lobby.new': 'Nueva partida',
    'lobby.game': 'Juego',
    'lobby.scenario': 'Escenario',
    'lobby.seats': 'Puestos',
    'lobby.players': 'Jugadores',
    'lobby.player': 'Jugador {n}',
    'lobby.human': 'Humano',
    'lobby.computer': 'Ordenador',
    'lobby.computerKind': 'Jugador del ordenador',
    'lobby.variants': 'Variantes',
    'lobby.seed': 'Semilla (opcional)',
    'lobby.seedHint': 'La misma semilla y las mismas jugadas dan la misma partida. Solo para partidas con un único asiento humano como máximo: la semilla revela el futuro.',
    'lobby.seedInvalid': 'La semilla debe ser un número entero de 0 a 18446744073709551615.',
    'lobby.create': 'Crear partida',
    'lobby.creating': 'Creando…',
    'lobby.step': 'paso {n}',
    'lobby.inProgress': 'en curso',
    'lobby.finished': 'terminada',
    'lobby.yours': 'tu puesto',
    'lobby.created': 'creada {date}',
    'lobby.loadError': 'No se pudieron cargar las partidas: {error}',
    'lobby.kindsError': 'No se pudo cargar la lista de juegos: {error}',

    'seat.you': 'tú',
    'seat.human': 'humano',
    'seat.computer': 'ordenador',
    'seat.spectator': 'Espectador',
    'seat.deciding': 'decide',

    'status.yourTurn': 'Tu turno',
    'status.yourTurnAs': 'Tu turno: {seat}',
    'status.waiting': 'Esperando a {seat}',
    'status.thinking': '{seat} (ordenador) está pensando…',
    'status.over': 'Partida terminada',
    'status.spectating': 'Estás mirando como espectador.',
    'status.offline': 'Conexión perdida; reconectando…',

    'prompt.title': 'Decisión',
    'prompt.none': 'Ahora no tienes opciones.',
    'prompt.filter': 'Filtrar opciones',
    'prompt.chooser': '¿Cuál?',
    'board.changed': 'Resaltados en naranja: {n} lugares cambiaron desde tu última decisión.',
    'prompt.cancel': 'Cancelar',
    'zoom.in': 'Acercar',
    'zoom.out': 'Alejar',
    'zoom.reset': 'Mapa entero',
    'drawer.more': 'Ver todas ({n})',
    'drawer.less': 'Ver menos',
    'drawer.expand': 'Ver más',
    'prompt.busy': 'Enviando…',

    'button.undo': 'Deshacer',
    'undo.over': 'No se puede deshacer: la partida ha terminado.',
    'undo.none': 'No se puede deshacer: no hay ninguna acción tuya que retirar.',
    'undo.other': 'No se puede deshacer: otro jugador ha actuado después de tu última acción.',
    'undo.secret': 'No se puede deshacer: desde tu última acción, {what}.',
    'undo.short.over': 'Partida terminada: nada que deshacer',
    'undo.short.none': 'Aún no hay nada tuyo que deshacer',
    'undo.short.other': 'No se puede deshacer: otro jugador ha actuado',
    'undo.short.secret': 'No se puede deshacer: {what}',
    'replay.prev.card': 'Carta anterior',
    'replay.next.card': 'Carta siguiente',
    'replay.prev.turn': 'Turno anterior',
    'replay.next.turn': 'Turno siguiente',
    'button.replay': 'Repetición',
    'button.first': 'Primero',
    'button.prev': 'Anterior',
    'button.next': 'Siguiente',
    'button.last': 'Último',
    'button.copy': 'Copiar',
    'button.copied': '¡Copiado!',
    'button.copyInvite': 'Copiar enlace de invitación',
    'button.rekey': 'Nuevo enlace',
    'button.download': 'Descargar partida',
    'button.lobby': 'Volver al inicio',
    'button.toGame': 'Volver a la partida',
    'button.retry': 'Reintentar',

    'invite.title': 'Enlaces de invitación',
    'invite.show': 'Ver los enlaces',
    'invite.hint': 'Quien abra un enlace juega ese puesto. Envía cada uno a un solo jugador.',
    'invite.created': 'Partida creada. Envía los enlaces a los demás jugadores, o juega aquí todos los puestos.',
    'invite.rekeyConfirm': '¿Crear un enlace nuevo para {seat}? El anterior deja de funcionar en el acto.',

    'log.title': 'Registro de la partida',
    'log.empty': 'Aún no ha pasado nada.',
    'log.filter': 'Filtrar el registro',
    'log.reasons': 'Mostrar todo el razonamiento de los No Jugadores',
    'log.why': 'por qué ({n})',
    'log.whyTitle': 'El razonamiento del No Jugador detrás de esta jugada ({n} líneas)',
    'log.card': 'Carta {num}: {name}',
    'log.turn': 'Turno {n}',
    'log.noMatch': 'Ninguna entrada coincide.',

    'over.title': 'Partida terminada',
    'over.replay': 'Ver la repetición',
    'over.rematch': 'Revancha',
    'pref.sound': 'Un sonido cuando llega tu turno (página en segundo plano)',
    'pref.notify': 'Avisarme cuando llegue mi turno (página en segundo plano)',
    'pref.notifyHint': 'Una notificación del navegador, si la permites, en partidas con otras personas',
    'notify.title': '{game}: tu turno',
    'notify.body': 'Te toca jugar. Haz clic para volver a la partida.',
    'lobby.yourTurn': 'Tu turno',
    'pref.autoplay': 'Jugar solos los movimientos forzados (una sola opción)',

    'replay.title': 'Repetición',
    'replay.step': 'Paso {n} de {total}',
    'replay.slider': 'Paso',
    'replay.unavailable': 'La repetición está disponible cuando termina la partida.',

    'error.network': 'Error de red: {error}',
    'error.notFound': 'Esta partida no existe.',
    'error.stale': 'La partida avanzó; la vista está de nuevo al día.',
    'error.badKey': 'La clave que este navegador guarda para esta partida no fue aceptada; estás mirando como espectador.',
    'error.render': 'No se pudo dibujar el tablero: {error}',
    'error.noRenderer': 'Esta página no sabe dibujar el tablero de «{game}».',
    'error.generic': 'Algo salió mal: {error}',
    'app.name': 'Durbar',
    'over.result': '{result}',
    'rule': '§{rule}',
    'error.withRule': '{error} ({rule})',
  });

  Durbar.i18n.add('it', {
    'app.loading': 'Caricamento…',
    'lang.label': 'Lingua',

    'lobby.games': 'Partite',
    'lobby.noGames': 'Ancora nessuna partita. Creane una!',
    'lobby.new': 'Nuova partita',
    'lobby.game': 'Gioco',
    'lobby.scenario': 'Scenario',
    'lobby.seats': 'Posti',
    'lobby.players': 'Giocatori',
    'lobby.player': 'Giocatore {n}',
    'lobby.human': 'Umano',
    'lobby.computer': 'Computer',
    'lobby.computerKind': 'Giocatore del computer',
    'lobby.variants': 'Varianti',
    'lobby.seed': 'Seme (facoltativo)',
    'lobby.seedHint': 'Stesso seme e stesse mosse danno la stessa partita. Solo per partite con al massimo un posto umano: il seme rivela il futuro.',
    'lobby.seedInvalid': 'Il seme deve essere un numero intero da 0 a 18446744073709551615.',
    'lobby.create': 'Crea partita',
    'lobby.creating': 'Creazione…',
    'lobby.step': 'passo {n}',
    'lobby.inProgress': 'in corso',
    'lobby.finished': 'finita',
    'lobby.yours': 'il tuo posto',
    'lobby.created': 'creata {date}',
    'lobby.loadError': 'Impossibile caricare le partite: {error}',
    'lobby.kindsError': "Impossibile caricare l'elenco dei giochi: {error}",

    'seat.you': 'tu',
    'seat.human': 'umano',
    'seat.computer': 'computer',
    'seat.spectator': 'Spettatore',
    'seat.deciding': 'decide',

    'status.yourTurn': 'Tocca a te',
    'status.yourTurnAs': 'Tocca a te: {seat}',
    'status.waiting': 'In attesa di {seat}',
    'status.thinking': '{seat} (computer) sta pensando…',
    'status.over': 'Partita finita',
    'status.spectating': 'Stai guardando come spettatore.',
    'status.offline': 'Connessione persa; riconnessione…',

    'prompt.title': 'Decisione',
    'prompt.none': 'Per ora non hai opzioni.',
    'prompt.filter': 'Filtra le opzioni',
    'prompt.chooser': 'Quale?',
    'board.changed': 'Evidenziati in arancione: {n} luoghi cambiati dalla tua ultima decisione.',
    'prompt.cancel': 'Annulla',
    'zoom.in': 'Ingrandisci',
    'zoom.out': 'Riduci',
    'zoom.reset': 'Mappa intera',
    'drawer.more': 'Mostra tutte ({n})',
    'drawer.less': 'Mostra meno',
    'drawer.expand': 'Mostra di più',
    'prompt.busy': 'Invio…',

    'button.undo': 'Annulla mossa',
    'undo.over': 'Impossibile annullare: la partita è finita.',
    'undo.none': 'Impossibile annullare: non hai nessuna azione da ritirare.',
    'undo.other': "Impossibile annullare: un altro giocatore ha agito dopo la tua ultima azione.",
    'undo.secret': "Impossibile annullare: dopo la tua ultima azione, {what}.",
    'undo.short.over': 'Partita finita: niente da annullare',
    'undo.short.none': 'Ancora nulla di tuo da annullare',
    'undo.short.other': 'Impossibile annullare: un altro giocatore ha agito',
    'undo.short.secret': 'Impossibile annullare: {what}',
    'replay.prev.card': 'Carta precedente',
    'replay.next.card': 'Carta successiva',
    'replay.prev.turn': 'Turno precedente',
    'replay.next.turn': 'Turno successivo',
    'button.replay': 'Replay',
    'button.first': 'Primo',
    'button.prev': 'Precedente',
    'button.next': 'Successivo',
    'button.last': 'Ultimo',
    'button.copy': 'Copia',
    'button.copied': 'Copiato!',
    'button.copyInvite': 'Copia il link di invito',
    'button.rekey': 'Nuovo link',
    'button.download': 'Scarica la partita',
    'button.lobby': "Torna all'inizio",
    'button.toGame': 'Torna alla partita',
    'button.retry': 'Riprova',

    'invite.title': 'Link di invito',
    'invite.show': 'Mostra i link',
    'invite.hint': 'Chi apre un link gioca quel posto. Manda ciascuno a un solo giocatore.',
    'invite.created': 'Partita creata. Manda i link agli altri giocatori, oppure gioca qui tutti i posti.',
    'invite.rekeyConfirm': 'Creare un nuovo link per {seat}? Quello vecchio smette subito di funzionare.',

    'log.title': 'Cronaca della partita',
    'log.empty': 'Non è ancora successo nulla.',
    'log.filter': 'Filtra la cronaca',
    'log.reasons': 'Mostra tutto il ragionamento dei Non Giocatori',
    'log.why': 'perché ({n})',
    'log.whyTitle': 'Il ragionamento del Non Giocatore dietro questa mossa ({n} righe)',
    'log.card': 'Carta {num}: {name}',
    'log.turn': 'Turno {n}',
    'log.noMatch': 'Nessuna voce corrisponde.',

    'over.title': 'Partita finita',
    'over.replay': 'Guarda il replay',
    'over.rematch': 'Rivincita',
    'pref.sound': 'Un suono quando tocca a te (pagina in secondo piano)',
    'pref.notify': 'Avvisami quando tocca a me (pagina in secondo piano)',
    'pref.notifyHint': 'Una notifica del browser, se la consenti, nelle partite con altre persone',
    'notify.title': '{game}: tocca a te',
    'notify.body': 'Tocca a te giocare. Clicca per tornare alla partita.',
    'lobby.yourTurn': 'Tocca a te',
    'pref.autoplay': 'Gioca da sole le mosse obbligate (una sola scelta)',

    'replay.title': 'Replay',
    'replay.step': 'Passo {n} di {total}',
    'replay.slider': 'Passo',
    'replay.unavailable': 'Il replay è disponibile a partita finita.',

    'error.network': 'Errore di rete: {error}',
    'error.notFound': 'Questa partita non esiste.',
    'error.stale': 'La partita è andata avanti; la vista è di nuovo aggiornata.',
    'error.badKey': 'La chiave che questo browser ha per questa partita non è stata accettata; stai guardando come spettatore.',
    'error.render': 'Impossibile disegnare il tabellone: {error}',
    'error.noRenderer': 'Questa pagina non sa disegnare il tabellone di «{game}».',
    'error.generic': 'Qualcosa è andato storto: {error}',
    'app.name': 'Durbar',
    'over.result': '{result}',
    'rule': '§{rule}',
    'error.withRule': '{error} ({rule})',
  });
})();
