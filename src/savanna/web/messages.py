"""Words of the web pages, in English and French (served to the browser as JSON).

Rule sentences are not here: they come with each game's rules. The pages ask for this
catalogue once (``GET /api/i18n``) and switch language without reloading.
"""

from __future__ import annotations

from savanna.i18n import Catalogue
from savanna.web.words import typeset

__all__ = ["MESSAGES", "as_json"]

MESSAGES = Catalogue(
    {
        "app.name": ("Savanna", "Savanna"),
        "app.tagline": (
            "African race-and-wager board games: play with friends at a distance, bots in the empty seats.",
            "Jeux de course et de pari africains : jouez avec des amis à distance, des robots aux places vides.",
        ),
        "lang.switch": ("Français", "English"),
        "lobby.tables": ("Tables", "Tables"),
        "lobby.none": ("No table yet: create one below.", "Aucune table pour l'instant : créez-en une ci-dessous."),
        "lobby.create": ("Create a table", "Créer une table"),
        "lobby.game": ("Game", "Jeu"),
        "lobby.players": ("Players", "Joueurs"),
        "lobby.options": ("Options", "Options"),
        "lobby.seats": ("Seats", "Places"),
        "lobby.seat": ("Seat {n}", "Place {n}"),
        "lobby.open": ("a person (open seat)", "une personne (place libre)"),
        "lobby.bot.random": ("bot: random (easy)", "robot : au hasard (facile)"),
        "lobby.bot.heuristic": ("bot: heuristic (medium)", "robot : heuristique (moyen)"),
        "lobby.bot.ismcts": ("bot: search (strong)", "robot : recherche (fort)"),
        "lobby.title": ("Table name", "Nom de la table"),
        "lobby.title.default": ("{name}'s table", "Table de {name}"),
        "lobby.grace": (
            "Seconds a player may be away before a bot may take the seat",
            "Secondes d'absence avant qu'un robot puisse prendre la place",
        ),
        "lobby.clock": ("Turn clock (time for each decision)", "Temps de jeu (pour chaque décision)"),
        "lobby.clock.none": ("none (friends)", "aucun (entre amis)"),
        "lobby.clock.seconds": ("{n} seconds", "{n} secondes"),
        "lobby.clock.minutes": ("{n} min", "{n} min"),
        "lobby.clock.days": ("{n} day (turn-based)", "{n} jour (au tour par tour)"),
        "lobby.spectators": ("Spectators may watch", "Les spectateurs peuvent regarder"),
        "lobby.coach": (
            "Coach: each player may ask for the odds and a hint from their own seat (not for a game played for real)",
            "Coach : chaque joueur peut demander les chances et un conseil depuis sa place (pas pour une partie sérieuse)",
        ),
        "lobby.coach.on": ("coach on", "coach activé"),
        "lobby.yourname": ("Your name", "Votre nom"),
        "lobby.submit": ("Create and sit down", "Créer et s'asseoir"),
        "lobby.join": ("Join", "Rejoindre"),
        "lobby.watch": ("Watch", "Regarder"),
        "lobby.resume": ("Back to my seat", "Retour à ma place"),
        "lobby.replay": ("Replay", "Revoir"),
        "lobby.status.open": ("waiting for players", "en attente de joueurs"),
        "lobby.status.playing": ("in play", "en cours"),
        "lobby.status.finished": ("finished", "terminée"),
        "lobby.free": ("{n} seat(s) free", "{n} place(s) libre(s)"),
        "lobby.refresh": ("Refresh", "Actualiser"),
        "lobby.how": (
            "Create a table, then send its link to your friends: each picks a free seat with a name. "
            "The host starts when every seat is taken.",
            "Créez une table, puis envoyez son lien à vos amis : chacun choisit une place libre et un nom. "
            "L'hôte lance la partie quand toutes les places sont prises.",
        ),
        "table.link": ("Invite link (share it; it is not a password):", "Lien d'invitation (à partager ; ce n'est pas un mot de passe) :"),
        "table.copy": ("Copy", "Copier"),
        "table.copied": ("Copied", "Copié"),
        "table.sit": ("Take this seat", "Prendre cette place"),
        "table.name": ("Your name", "Votre nom"),
        "table.leave": ("Leave the seat", "Quitter la place"),
        "table.start": ("Start the game", "Lancer la partie"),
        "table.waiting_host": (
            "Waiting for the host to start the game.",
            "En attente du lancement par l'hôte.",
        ),
        "table.waiting_seats": (
            "Waiting for every seat to be taken ({n} free).",
            "En attente que toutes les places soient prises ({n} libres).",
        ),
        "table.spectator": ("You are watching (public view).", "Vous regardez (vue publique)."),
        "table.you": ("you", "vous"),
        "table.host": ("host", "hôte"),
        "table.bot": ("Bot {n} ({bot})", "Robot {n} ({bot})"),
        "bot.kind.random": ("random", "au hasard"),
        "bot.kind.heuristic": ("heuristic", "heuristique"),
        "bot.kind.ismcts": ("search", "recherche"),
        "bot.kind.coach": ("coach", "coach"),
        "table.replaced": ("played by bot {bot} while away", "joué par le robot {bot} pendant l'absence"),
        "table.connected": ("connected", "connecté"),
        "table.away": ("away {s} s", "absent depuis {s} s"),
        "table.free": ("free", "libre"),
        "table.replace": ("Let a bot play for them", "Faire jouer un robot à sa place"),
        "table.turn.you": ("Your turn", "À vous de jouer"),
        "table.turn.other": ("{who} is playing", "{who} joue"),
        "table.turn.chance": ("Chance is drawing", "Le hasard tire"),
        "table.turn.over": ("Game over", "Partie terminée"),
        "table.turn.abandoned": (
            "This game was closed: nobody played it for a long time.",
            "Cette partie a été fermée : personne n'y a joué depuis longtemps.",
        ),
        "table.watchers": ("{n} watching", "{n} spectateur(s)"),
        "table.spectators.on": ("spectators welcome", "spectateurs bienvenus"),
        "table.spectators.off": ("no spectators", "pas de spectateurs"),
        "table.spectators.refused": (
            "This table's host does not let spectators watch.",
            "L'hôte de cette table n'accepte pas de spectateurs.",
        ),
        "table.clock": ("thinking {s} s of {max}", "réfléchit depuis {s} s sur {max}"),
        "table.clock.rule": (
            "turn clock: {s} s per decision, then the others may hand the seat to a bot",
            "temps de jeu : {s} s par décision, puis les autres peuvent confier la place à un robot",
        ),
        "table.reclaim": ("Take my seat back", "Reprendre ma place"),
        "table.moves": ("Your moves", "Vos coups"),
        "table.moves.hint": (
            "Click a move, or a highlighted piece on the board; keys 1-9 play the first moves.",
            "Cliquez un coup, ou une pièce en surbrillance sur le plateau ; les touches 1-9 jouent les premiers coups.",
        ),
        "table.moves.filter": ("Moves for your selection:", "Coups pour votre sélection :"),
        "table.moves.clear": ("Clear selection", "Effacer la sélection"),
        "table.moves.type": ("or type a move", "ou tapez un coup"),
        "table.moves.play": ("Play", "Jouer"),
        "table.moves.none": ("Nothing to do now.", "Rien à faire pour l'instant."),
        "table.private": ("Only you can see this", "Vous seul voyez ceci"),
        "table.private.none": ("Nothing secret.", "Rien de secret."),
        "table.coach": ("Coach", "Coach"),
        "table.coach.on": (
            "The coach is on at this table: every player may ask it, and it answers from what their seat knows.",
            "Le coach est activé à cette table : chaque joueur peut le consulter, il répond d'après ce que sa place sait.",
        ),
        "table.coach.spectator": (
            "The coach is on at this table; it answers the players only.",
            "Le coach est activé à cette table ; il ne répond qu'aux joueurs.",
        ),
        "table.coach.odds": ("Odds", "Chances"),
        "table.coach.hint": ("Hint", "Conseil"),
        "table.coach.what": (
            "Odds: how the game may end, your score, what the others probably hold. Hint: your moves, with their expected score and chance to win.",
            "Chances : comment la partie peut finir, votre score, ce que les autres ont probablement. Conseil : vos coups, avec leur score espéré et leur chance de gagner.",
        ),
        "table.coach.thinking": ("The coach is thinking (about {seconds} s)…", "Le coach réfléchit (environ {seconds} s)…"),
        "table.coach.stale": (
            "Worked out before the last moves: ask again for the present position.",
            "Calculé avant les derniers coups : redemandez pour la position actuelle.",
        ),
        "table.board": ("Board", "Plateau"),
        "table.board.text": ("Board as text", "Plateau en texte"),
        "table.key": ("Legend of the board", "Légende du plateau"),
        "table.key.target": (
            "outlined in blue: click it to choose one of your moves",
            "entouré de bleu : cliquez-le pour choisir un de vos coups",
        ),
        "table.key.selected": ("outlined in orange: your selection", "entouré d'orange : votre sélection"),
        "table.key.last": (
            "dashed pink frame: each player's last move, until they play again",
            "cadre rose en tirets : le dernier coup de chaque joueur, jusqu'à son coup suivant",
        ),
        "table.log": ("Game log", "Journal de la partie"),
        "table.log.hidden": ("{who}: a hidden action", "{who} : une action cachée"),
        "table.log.chance": ("Chance", "Hasard"),
        "colon": (": ", "\u00a0: "),
        "table.seats": ("Players", "Joueurs"),
        "table.help": ("Rules help", "Aide des règles"),
        "table.legend": ("Legend", "Légende"),
        "table.rules": ("Every rule", "Toutes les règles"),
        "table.document": ("Full rules with sources: {path}", "Règles complètes avec leurs sources : {path}"),
        "table.refused": ("Refused: {message}", "Refusé : {message}"),
        "table.rule": ("rule {rule}", "règle {rule}"),
        "table.reconnecting": ("Connection lost; reconnecting…", "Connexion perdue ; reconnexion…"),
        "table.end": ("Game over", "Partie terminée"),
        "table.result": ("Result", "Résultat"),
        "table.turn.mark": ("to play", "à jouer"),
        "table.place": ("Place", "Rang"),
        "table.player": ("Player", "Joueur"),
        "table.score": ("Score", "Score"),
        "table.winner": ("Winner: {who}", "Vainqueur : {who}"),
        "table.winners": ("Winners (shared): {who}", "Vainqueurs (ex æquo) : {who}"),
        "table.sheet": ("Scoring, line by line", "Décompte, ligne par ligne"),
        "table.download": ("Download the record", "Télécharger l'enregistrement"),
        "table.replay": ("Replay the game", "Revoir la partie"),
        "table.lobby": ("Lobby", "Salon"),
        "table.events.replaced": (
            "Seat {seat} was handed to bot {detail} at action {at}.",
            "La place {seat} a été confiée au robot {detail} à l'action {at}.",
        ),
        "table.events.reclaimed": (
            "{detail} took seat {seat} back at action {at}.",
            "{detail} a repris la place {seat} à l'action {at}.",
        ),
        "table.events.fallback": (
            "Seat {seat}'s bot failed at action {at}; the {detail} bot played that move.",
            "Le robot de la place {seat} a échoué à l'action {at} ; le robot {detail} a joué ce coup.",
        ),
        "table.keys": (
            "Keys: 1-9 play a listed move, Tab moves between controls, ? opens the help, Esc clears a selection.",
            "Touches : 1-9 jouent un coup listé, Tab passe d'un contrôle à l'autre, ? ouvre l'aide, Échap efface la sélection.",
        ),
        "replay.title": ("Replay", "Relecture"),
        "replay.start": ("Start", "Début"),
        "replay.back": ("Back", "Retour"),
        "replay.next": ("Next", "Suivant"),
        "replay.end": ("End", "Fin"),
        "replay.at": ("Action {i} of {n}", "Action {i} sur {n}"),
        "replay.jump": ("Go to action", "Aller à l'action"),
        "replay.keys": ("Keys: ← → step, Home/End jump.", "Touches : ← → pas à pas, Début/Fin sautent."),
        "replay.not_finished": (
            "This game is not over yet: its replay opens at the end.",
            "Cette partie n'est pas finie : sa relecture s'ouvre à la fin.",
        ),
        "error.generic": ("Error: {message}", "Erreur : {message}"),
        # -- webui, session of 2026-12-02 evening (new words, one block for the catalogues)
        "table.forced": ("Only one way on: {move} plays itself.", "Un seul chemin : {move} se joue tout seul."),
        "table.path": ("Playing your path…", "Votre chemin se joue…"),
        "table.via": (
            "Now click where it stops (the squares outlined in blue).",
            "Cliquez maintenant la case où il s'arrête (cerclées de bleu).",
        ),
        "table.quick": ("Play now:", "Jouer tout de suite :"),
        # -- time controls (issue 28): new words in one block, for the catalogues ---------
        "table.events.bot_time": (
            "Seat {seat} ran out of time at action {at}; bot {detail} played that move.",
            "La place {seat} a dépassé son temps à l'action {at} ; le robot {detail} a joué ce coup.",
        ),
        "table.events.replace_time": (
            "Seat {seat} ran out of time at action {at}; bot {detail} plays it until its player returns.",
            "La place {seat} a dépassé son temps à l'action {at} ; le robot {detail} la joue jusqu'au retour de son joueur.",
        ),
        "table.events.lost_time": (
            "Seat {seat} lost by time at action {at}; bot {detail} plays it to the end, ranked last.",
            "La place {seat} a perdu au temps à l'action {at} ; le robot {detail} la joue jusqu'à la fin, classée dernière.",
        ),
        "clock.realtime": ("Real-time: {base} per player, +{inc} s a move", "Temps réel : {base} par joueur, +{inc} s par coup"),
        "clock.turn": ("Turn-based: {per} per move", "Au tour par tour : {per} par coup"),
        "clock.on.bot_move": ("when time runs out, a bot plays that move", "temps dépassé : un robot joue ce coup"),
        "clock.on.replace": ("when time runs out, a bot takes the seat", "temps dépassé : un robot prend la place"),
        "clock.on.lose": ("when time runs out, the player loses by time", "temps dépassé : le joueur perd au temps"),
        "clock.left": ("{name}: {left}", "{name} : {left}"),
        "clock.deadline": ("{name} must play by {when}", "{name} doit jouer avant {when}"),
        "lobby.pace": ("Pace", "Rythme"),
        "lobby.pace.none": ("no time control", "sans contrôle du temps"),
        "lobby.pace.realtime": ("real-time (a clock per player)", "temps réel (une pendule par joueur)"),
        "lobby.pace.turn": ("turn-based (a deadline per move)", "au tour par tour (un délai par coup)"),
        "lobby.pace.base": ("Minutes per player", "Minutes par joueur"),
        "lobby.pace.increment": ("Seconds added per move", "Secondes ajoutées par coup"),
        "lobby.pace.per_move": ("Hours per move", "Heures par coup"),
        "lobby.pace.on_time": ("When time runs out", "Temps dépassé"),
    }
)


def as_json() -> dict[str, dict[str, str]]:
    """``{"en": {key: text}, "fr": {key: text}}`` for the pages (templates keep their fields).

    The French templates get French typography here (a no-break space before ``:``, ``;``,
    ``?``, ``!``), as the terminal's do: the pages write a colon only through ``colon``.
    """
    return {
        lang: {key: typeset(MESSAGES.templates(key)[i], lang) for key in MESSAGES.ids()}
        for i, lang in enumerate(("en", "fr"))
    }
