"""Messages of the terminal interface (``savanna play``, ``savanna replay --step``)."""

from __future__ import annotations

from savanna.i18n import Catalogue

__all__ = ["MESSAGES"]

MESSAGES = Catalogue(
    {
        # seats and viewers
        "seat.you": ("Player {n} (you)", "Joueur {n} (vous)"),
        "seat.human": ("Player {n}", "Joueur {n}"),
        "seat.bot": ("Player {n} (bot {bot})", "Joueur {n} (robot {bot})"),
        "seat.short": ("P{n}", "J{n}"),
        "seat.short_you": ("P{n} (you)", "J{n} (vous)"),
        "chance.name": ("Chance", "Hasard"),
        "chance.short": ("chance", "hasard"),
        "view.spectator": ("public view", "vue publique"),
        "view.seat": ("as seen by {who}", "vu par {who}"),
        "hidden": ("(hidden)", "(caché)"),
        # status panel
        "status.title": ("Status", "État"),
        "status.turn": ("To play", "À jouer"),
        "status.over": ("Game over", "Partie terminée"),
        "status.chance": ("Chance", "Hasard"),
        "status.last": ("Last moves", "Derniers coups"),
        "status.scores": ("Scores", "Scores"),
        "colon": (": ", " : "),
        # turns
        "chance.shown": ("Chance: {what}", "Hasard : {what}"),
        "chance.hidden": ("Chance: a hidden draw", "Hasard : un tirage caché"),
        "bot.played": ("{who} plays {what}", "{who} joue {what}"),
        "you.played": ("{who} played {what}", "{who} a joué {what}"),
        "choices": (
            "Your choices (type the code or the move):",
            "Vos choix (tapez le code ou le coup) :",
        ),
        "choices.more": (
            "... and {n} more: 'list' shows them all, or type the move itself.",
            "... et {n} autres : 'liste' les montre tous, ou tapez le coup lui-même.",
        ),
        "family.subset": (
            "{verb} + any of {chars} (e.g. {example})",
            "{verb} + n'importe lesquels de {chars} (ex. {example})",
        ),
        "family.some": (
            "{verb} ... ({n} choices, e.g. {example})",
            "{verb} ... ({n} possibilités, ex. {example})",
        ),
        "family.ask.subset": (
            "{verb} which? Type some of {chars} (e.g. {example}); Enter goes back>",
            "{verb} lesquels ? Tapez certains de {chars} (ex. {example}) ; Entrée pour revenir>",
        ),
        "family.ask": (
            "{verb} which? One of the above; Enter goes back>",
            "{verb} lequel ? L'un de ceux ci-dessus ; Entrée pour revenir>",
        ),
        "family.options": ("{verb} can be followed by:", "{verb} peut être suivi de :"),
        "too.long": (
            "That is too long for a move ({n} characters); type a code or a move.",
            "C'est trop long pour un coup ({n} caractères) ; tapez un code ou un coup.",
        ),
        "prompt": ("{who}, your move>", "{who}, votre coup>"),
        "prompt.only": (
            "{who}, your move [Enter: {what}]>",
            "{who}, votre coup [Entrée : {what}]>",
        ),
        "try.again": (
            "Type a code or a move from the list, or 'help'.",
            "Tapez un code ou un coup de la liste, ou 'aide'.",
        ),
        "handover": (
            "Pass the keyboard to {who}, then press Enter (the other players look away).",
            "Passez le clavier à {who}, puis appuyez sur Entrée (les autres ne regardent pas).",
        ),
        "help.handover": (
            "Press Enter to show the board to the next player; 'save FILE' or 'quit' also work.",
            "Appuyez sur Entrée pour montrer le plateau au joueur suivant ; 'sauver FICHIER' et 'quitter' marchent aussi.",
        ),
        "help": (
            "Type the code shown before a move, or the move itself in the game's notation\n"
            "(its first word may be shortened to its first letters). A code that stands for\n"
            "many moves asks which one. With a single choice, Enter plays it.\n"
            "Commands: save [FILE] writes the game so far; board draws the board again;\n"
            "list shows every choice;{undo}\n"
            "help shows this text; quit leaves the game (you may save it first).\n"
            "A saved game continues with: savanna play --load FILE",
            "Tapez le code affiché devant un coup, ou le coup lui-même en notation du jeu\n"
            "(son premier mot peut être abrégé en ses premières lettres). Un code qui\n"
            "regroupe plusieurs coups demande lequel. S'il n'y a qu'un choix, Entrée le joue.\n"
            "Commandes : sauver [FICHIER] enregistre la partie ; plateau redessine le plateau ;\n"
            "liste montre tous les choix ;{undo}\n"
            "aide affiche ce texte ; quitter arrête la partie (vous pouvez l'enregistrer avant).\n"
            "Une partie enregistrée reprend avec : savanna play --load FICHIER",
        ),
        "help.undo": (
            " undo takes back your last move;",
            " annuler reprend votre dernier coup ;",
        ),
        "undo.unavailable": (
            "Undo is only possible with one person playing against bots.",
            "Annuler n'est possible qu'avec une seule personne face à des robots.",
        ),
        "undo.nothing": (
            "You have no move to take back yet.",
            "Vous n'avez pas encore de coup à reprendre.",
        ),
        "undo.done": ("Took back your move {what}.", "Votre coup {what} est repris."),
        # records
        "saved": ("Game saved to {path}", "Partie enregistrée dans {path}"),
        "save.failed": ("Cannot write {path}: {why}", "Impossible d'écrire {path} : {why}"),
        "quit.ask": (
            "Save the game before leaving? [y/n]",
            "Enregistrer la partie avant de partir ? [o/n]",
        ),
        "bye": ("Goodbye.", "Au revoir."),
        "interrupted": (
            "Input ended; the game so far is saved in {path}",
            "Fin de la saisie ; la partie en cours est enregistrée dans {path}",
        ),
        "resumed": ("Game resumed after {n} actions.", "Partie reprise après {n} actions."),
        # the end
        "end.title": ("Game over", "Fin de la partie"),
        "end.final": ("Final position, public view", "Position finale, vue publique"),
        "end.reveal": ("Every secret revealed:", "Tous les secrets révélés :"),
        "end.nothing": ("nothing secret", "aucun secret"),
        "end.breakdown": ("Scoring, line by line", "Décompte des points, ligne par ligne"),
        "end.moves": (
            "{n} actions played, chance included; the record holds them all.",
            "{n} actions jouées, hasard compris ; l'enregistrement les contient toutes.",
        ),
        "end.scores": ("Scores", "Scores"),
        "end.winner": ("Winner: {who}", "Vainqueur : {who}"),
        "end.winners": (
            "Winners (shared victory): {who}",
            "Vainqueurs (victoire partagée) : {who}",
        ),
        "end.record": ("Record written to {path}", "Enregistrement écrit dans {path}"),
        "col.place": ("Place", "Rang"),
        "col.player": ("Player", "Joueur"),
        "col.score": ("Score", "Score"),
        "col.place.short": ("#", "rang"),
        "col.lines": ("Scoring", "Décompte"),
        "help.rules": ("The rules in short:", "Les règles en bref :"),
        "help.legend": ("On the board:", "Sur le plateau :"),
        # replay step by step
        "step.title": ("Replay: {game}, {n} actions", "Relecture : {game}, {n} actions"),
        "step.at": ("Action {i} of {n}: {who} {what}", "Action {i} sur {n} : {who} {what}"),
        "step.start": (
            "Start of the game (action 0 of {n})",
            "Début de la partie (action 0 sur {n})",
        ),
        "step.prompt": (
            "[Enter] next, b back, a number jumps, q quits>",
            "[Entrée] suivant, r retour, un numéro pour aller à l'action, q quitte>",
        ),
        "step.bad": (
            "Type Enter, b, q or an action number from 0 to {n}.",
            "Tapez Entrée, r, q ou un numéro d'action de 0 à {n}.",
        ),
        # command line
        "cli.error": ("Error: {message}", "Erreur : {message}"),
        "cli.no_game": (
            "Name a game to play (games: {games}), or --load a saved game.",
            "Nommez un jeu (jeux : {games}), ou reprenez une partie avec --load.",
        ),
        "cli.pause": (
            "--pause must be zero or more seconds, not {value}",
            "--pause doit être un nombre de secondes positif ou nul, pas {value}",
        ),
    }
)
