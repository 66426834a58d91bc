"""Messages of the terminal interface (``savanna play``, ``savanna replay --step``).

French templates are written with ordinary spaces; the catalogue puts the no-break space
French typography wants before ``:``, ``;``, ``?``, ``!`` and inside « »
(:func:`savanna.core.messages.typeset`), so that the punctuation never starts a wrapped line.
"""

from __future__ import annotations

from savanna.i18n import Catalogue

__all__ = ["MESSAGES", "M"]


MESSAGES = Catalogue(
    {
        # seats and viewers
        "seat.you": ("Player {n} (you)", "Joueur {n} (vous)"),
        "seat.human": ("Player {n}", "Joueur {n}"),
        "seat.bot": ("Player {n} (bot {bot})", "Joueur {n} (robot {bot})"),
        "seat.short": ("#{n}", "#{n}"),  # no letter: P and J are colours (purple, jaune)
        "seat.words": ("player,p", "joueur,joueuse,j"),
        "bot.heuristic": ("heuristic", "heuristique"),
        "bot.random": ("random", "au hasard"),
        "bot.ismcts": ("ISMCTS", "ISMCTS"),
        "chance.name": ("Chance", "Hasard"),
        "view.spectator": ("public view", "vue publique"),
        "view.seat": ("{who}", "{who}"),
        "hidden": ("a secret draw", "un tirage secret"),
        "hidden.move": ("a secret move", "un coup secret"),
        # the screen
        "status.turn": ("To play", "À jouer"),
        "status.over": ("Game over", "Partie terminée"),
        "status.log": (
            "What happened (newest last):",
            "Ce qui s'est passé (le plus récent en bas) :",
        ),
        "colon": (": ", "\u00a0: "),
        "sep": ("; ", "\u00a0; "),
        "choices": (
            "Your choices (type the number or the move):",
            "Vos choix (tapez le numéro ou le coup) :",
        ),
        "choices.some": (
            "Choices for {what} (type the number):",
            "Choix pour {what} (tapez le numéro) :",
        ),
        "choices.more": (
            "... and {n} more: type list to see them all",
            "... et {n} autres : tapez liste pour tous les voir",
        ),
        "hint": (
            "? help and symbols · rules · list · save · quit",
            "? aide et symboles · règles · liste · sauver · quitter",
        ),
        "hint.undo": (
            "? help and symbols · rules · list · undo · save · quit",
            "? aide et symboles · règles · liste · annuler · sauver · quitter",
        ),
        "legend.title": ("On the board:", "Sur le plateau :"),
        "bot.played": ("{who} played: {what}", "{who} a joué : {what}"),
        "family.subset": (
            "{verb} + any of {chars} (e.g. {example})",
            "{verb} + n'importe lesquels de {chars} (ex. {example})",
        ),
        "family.some": (
            "{verb} ... ({n} choices, e.g. {example})",
            "{verb} ... ({n} possibilités, ex. {example})",
        ),
        "family.words": (
            "{verb}: {words} ... ({n} choices, e.g. {example})",
            "{verb} : {words} ... ({n} possibilités, ex. {example})",
        ),
        "family.ask.subset": (
            "{verb} which? Type some of {chars} (e.g. {example}); Enter goes back>",
            "{verb} lesquels ? Tapez certains de {chars} (ex. {example}) ; Entrée pour revenir>",
        ),
        "family.ask": (
            "{verb} which? Type one of those shown (e.g. {example}); Enter goes back>",
            "{verb} lequel ? Tapez l'un de ceux affichés (ex. {example}) ; Entrée pour revenir>",
        ),
        "family.options": ("{verb} can be followed by:", "{verb} peut être suivi de :"),
        "too.long": (
            "That is too long for a move ({n} characters); type a number or a move.",
            "C'est trop long pour un coup ({n} caractères) ; tapez un numéro ou un coup.",
        ),
        "out.of.range": (
            "There is no choice {typed}: there are {n} choices, numbered 1 to {n}.",
            "Il n'y a pas de choix {typed} : il y a {n} choix, numérotés de 1 à {n}.",
        ),
        "out.of.range.one": (
            "There is no choice {typed}: there is only one choice, number 1.",
            "Il n'y a pas de choix {typed} : il n'y a qu'un choix, le numéro 1.",
        ),
        "pick.one": (
            "Several choices match {typed}: type the number of one of them.",
            "Plusieurs choix correspondent à {typed} : tapez le numéro de l'un d'eux.",
        ),
        "not.now": (
            "At this step the choices are: {verbs}.",
            "À cette étape, les choix sont : {verbs}.",
        ),
        "auto.told": (
            "Auto: moves that are the only choice play themselves, one line each, until a "
            "real decision or the end (type auto at a prompt to switch it; Ctrl-C saves and "
            "leaves).",
            "Auto : les coups sans autre choix se jouent seuls, une ligne chacun, jusqu'à une "
            "vraie décision ou la fin (tapez auto à une invite pour changer ; Ctrl-C enregistre "
            "et quitte).",
        ),
        "auto.on": (
            "Auto is on: a move that is your only choice plays itself.",
            "Auto activé : un coup qui est votre seul choix se joue seul.",
        ),
        "auto.off": (
            "Auto is off: every move waits for you.",
            "Auto désactivé : chaque coup vous attend.",
        ),
        "forced": ("Played for you (the only choice): {what}", "Joué pour vous (seul choix) : {what}"),
        "ahead.chance": (
            "Not played: {rest} (chance spoke first; type it again if it still holds).",
            "Non joué : {rest} (le hasard est passé avant ; retapez-le s'il tient toujours).",
        ),
        "ahead.other": (
            "Not played: {rest} (your turn was over).",
            "Non joué : {rest} (votre tour était fini).",
        ),
        "prompt": ("{who}, your move>", "{who}, votre coup>"),
        "prompt.only": (
            "{who}, your move [Enter: {what}]>",
            "{who}, votre coup [Entrée : {what}]>",
        ),
        "try.again": (
            "Type a number from the list, or a move; ? shows the help.",
            "Tapez un numéro de la liste, ou un coup ; ? affiche l'aide.",
        ),
        # hot seat
        "handover": (
            "Pass the keyboard to {who}. {who}: type {n} and Enter to see your screen "
            "(the others look away)>",
            "Passez le clavier à {who}. {who} : tapez {n} puis Entrée pour voir votre écran "
            "(les autres ne regardent pas)>",
        ),
        "handover.wrong": (
            "This screen waits for {who}: type {n} (only {who} should look).",
            "Cet écran attend {who} : tapez {n} (seul {who} doit regarder).",
        ),
        "help.handover": (
            "Type {n} to show the screen of {who}; 'save FILE' or 'quit' also work.",
            "Tapez {n} pour afficher l'écran de {who} ; 'sauver FICHIER' et 'quitter' marchent aussi.",
        ),
        # help, rules, pages
        "help.title": ("Help: how to play in the terminal", "Aide : jouer dans le terminal"),
        "help": (
            "On your turn the screen lists your choices, each with a number and what it "
            "does. Type the number and Enter. You may also type the move as the list writes "
            "it (its first word may be shortened to its first letters), or some of the words "
            "that describe it: if several moves match, they are listed. A number that stands "
            "for many moves asks which one. With a single choice, Enter plays it; a step "
            "with no other choice is played for you (the screen says so).\n"
            "One line may hold a move and what follows it: in Banjooli Xeet, keep move Y ffl "
            "keeps the dice, moves yellow, then steps forward, forward, left; reroll GRP "
            "rerolls the dice showing those colours (reroll 136: by die numbers). What comes "
            "after a roll of the dice is not played: type it again once you see them.\n"
            "Commands, at every prompt:\n"
            "  ? or help     this page: the commands and the symbols of the board\n"
            "  rules         the rules of the game in short\n"
            "  list          every choice, with what it does\n"
            "  board         draw the screen again\n"
            "{undo}"
            "  auto [on|off] play by itself every move that is your only choice\n"
            "  save [FILE]   write the game so far (resume: savanna play --load FILE)\n"
            "  quit          leave the game (Enter then saves it; n leaves without saving)",
            "À votre tour, l'écran liste vos choix, chacun avec un numéro et ce qu'il fait. "
            "Tapez le numéro puis Entrée. Vous pouvez aussi taper le coup tel que la liste "
            "l'écrit (son premier mot peut être abrégé en ses premières lettres), ou certains "
            "des mots qui le décrivent : si plusieurs coups correspondent, ils sont listés. Un "
            "numéro qui regroupe plusieurs coups demande lequel. S'il n'y a qu'un choix, "
            "Entrée le joue ; un pas sans autre choix est joué pour vous (l'écran le dit).\n"
            "Une ligne peut contenir un coup et ce qui le suit : au Banjooli Xeet, garder "
            "déplacer J TTG garde les dés, déplace jaune, puis avance tout droit, tout droit, "
            "à gauche (G, T, D : gauche, tout droit, droite) ; "
            "relancer VRP relance les dés de ces couleurs (relancer 136 : par numéros de dés). "
            "Ce qui suit un lancer de dés n'est pas joué : retapez-le en voyant les dés.\n"
            "Commandes, à chaque invite :\n"
            "  ? ou aide     cette page : les commandes et les symboles du plateau\n"
            "  règles        les règles du jeu en bref\n"
            "  liste         tous les choix, avec ce qu'ils font\n"
            "  plateau       redessiner l'écran\n"
            "{undo}"
            "  auto [on|off] jouer seul tout coup qui est votre seul choix\n"
            "  sauver [FICHIER]  enregistrer la partie (reprise : savanna play --load FICHIER)\n"
            "  quitter       arrêter la partie (Entrée l'enregistre alors ; n part sans enregistrer)",
        ),
        "help.undo": (
            "  undo          take back your last move, until dice, a reply or a peek tell you more\n",
            "  annuler       reprendre votre dernier coup, avant tout dé, réponse ou coup d'œil\n",
        ),
        "help.rules": ("The rules of {game} in short", "Les règles de {game} en bref"),
        "help.list": ("Every choice", "Tous les choix"),
        "page.more": (
            "-- page {page} of {pages}: Enter for more, q to go back to the game>",
            "-- page {page} sur {pages} : Entrée pour la suite, q pour revenir à la partie>",
        ),
        "page.done": ("-- Enter: back to the game>", "-- Entrée : retour à la partie>"),
        "news.title": (
            "What happened since your last turn:",
            "Ce qui s'est passé depuis votre dernier tour :",
        ),
        # undo
        "undo.unavailable": (
            "Undo is only possible with one person playing against bots.",
            "Annuler n'est possible qu'avec une seule personne face à des robots.",
        ),
        "undo.nothing": (
            "You have no move to take back yet.",
            "Vous n'avez pas encore de coup à reprendre.",
        ),
        "undo.done": ("Took back your move {what}.", "Votre coup {what} est repris."),
        "undo.after_chance": (
            "Chance has spoken since your last move ({what}): it cannot be taken back.",
            "Le hasard a parlé depuis votre dernier coup ({what}) : il ne peut plus être repris.",
        ),
        "undo.after_reply": (
            "{who} has played since your last move: it cannot be taken back.",
            "{who} a joué depuis votre dernier coup : il ne peut plus être repris.",
        ),
        "undo.after_peek": (
            "Your move {what} showed you something hidden: it cannot be taken back.",
            "Votre coup {what} vous a montré une information cachée : il ne peut plus être repris.",
        ),
        # records
        "saved": ("Game saved to {path}", "Partie enregistrée dans {path}"),
        "saved.over_load": (
            "Game saved to {path} (the save you resumed from, updated)",
            "Partie enregistrée dans {path} (la sauvegarde reprise, mise à jour)",
        ),
        "save.failed": ("Cannot write {path}: {why}", "Impossible d'écrire {path} : {why}"),
        "quit.where": (
            "Leaving the game: it will be saved to {path}",
            "Vous quittez la partie : elle sera enregistrée dans {path}",
        ),
        "quit.ask": (
            "Enter saves and leaves, n leaves without saving, b goes back to the game>",
            "Entrée enregistre et quitte, n quitte sans enregistrer, r revient à la partie>",
        ),
        "quit.discarded": ("The game was not saved.", "La partie n'a pas été enregistrée."),
        "quit.not_saved": (
            "The game could not be saved, so it goes on: try save FILE, or quit then n.",
            "La partie n'a pas pu être enregistrée, elle continue : essayez sauver FICHIER, "
            "ou quitter puis n.",
        ),
        "save.exists": ("{path} already holds {what}.", "{path} contient déjà {what}."),
        "save.overwrite": (
            "Replace it with this game? y replaces, Enter keeps it [y/N]>",
            "Le remplacer par cette partie ? o remplace, Entrée le garde [o/N]>",
        ),
        "save.other.file": ("another file", "un autre fichier"),
        "save.other.save": (
            "another save ({game}, {n} actions)",
            "une autre sauvegarde ({game}, {n} actions)",
        ),
        "save.kept": (
            "Not saved: {path} is kept as it was.",
            "Rien n'est enregistré : {path} reste tel quel.",
        ),
        "os.noent": ("no such folder", "ce dossier n'existe pas"),
        "os.access": ("permission denied", "permission refusée"),
        "os.isdir": ("it is a folder", "c'est un dossier"),
        "os.notdir": ("part of the path is not a folder", "une partie du chemin n'est pas un dossier"),
        "os.nospace": ("the disk is full", "le disque est plein"),
        "os.readonly": ("the disk is read-only", "le disque est en lecture seule"),
        "os.toolong": ("the name is too long", "le nom est trop long"),
        "bye": ("Goodbye.", "Au revoir."),
        "interrupted": (
            "Input ended; the game so far is saved in {path}",
            "Fin de la saisie ; la partie en cours est enregistrée dans {path}",
        ),
        "resumed": ("Game resumed after {n} actions.", "Partie reprise après {n} actions."),
        # the end
        "end.title": ("Game over", "Fin de la partie"),
        "end.final": ("final position", "position finale"),
        "end.result": ("Result:", "Résultat :"),
        "end.more": (
            "-- page {page} of {pages}: Enter shows the result, q skips to the last page>",
            "-- page {page} sur {pages} : Entrée montre le résultat, q va à la dernière page>",
        ),
        "end.place": ("{place}. {who}: {total}", "{place}. {who} : {total}"),
        "end.moves": (
            "{n} actions played, chance included.",
            "{n} actions jouées, hasard compris.",
        ),
        "end.winner": ("Winner: {who}", "Vainqueur : {who}"),
        "end.winners": (
            "Winners (shared victory): {who}",
            "Vainqueurs (victoire partagée) : {who}",
        ),
        "end.record": ("Record written to {path}", "Enregistrement écrit dans {path}"),
        "end.record.kept": (
            "Record written to {path} (your save {save} is kept)",
            "Enregistrement écrit dans {path} (votre sauvegarde {save} est conservée)",
        ),
        # replay step by step
        "step.title": ("Replay: {game}, {n} actions", "Relecture : {game}, {n} actions"),
        "step.at": ("Action {i} of {n}: {who}: {what}", "Action {i} sur {n} : {who} : {what}"),
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
        "cli.error": ("error: {message}", "erreur : {message}"),
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


def M(key: str, lang: str = "en", **fields: object) -> str:
    """The message ``key`` in ``lang``, filled in (typeset for the language by the catalogue)."""
    return MESSAGES(key, lang, **fields)
