"""Labels of set 25, one line per question in the order of the question files.

Chosen from docs/board/*.md and adjudicator/data/rules.json after the questions were
written and committed (commit 66914d6): the section or sections that answer each one.
"""
TUNING = """
wotr-sortie wotr-siege-besieged-army
wotr-hunt-reroll
wotr-army-stacking
wotr-army-move-free-region
wotr-hunt-success wotr-hunt-damage
wotr-politics-advance wotr-muster-political wotr-politics-at-war
wotr-battle-start wotr-politics-non-belligerent
wotr-dice-count
wotr-dice-eye wotr-hunt-eye-results
wotr-mordor-enter
wotr-victory-ring-free-peoples wotr-mordor-end
wotr-victory-military-shadow
wotr-char-gandalf-white-enter
wotr-char-saruman-enter
wotr-char-witch-king
wotr-char-mouth-enter
wotr-fellowship-guide wotr-char-guide-ability
wotr-fellowship-separate
wotr-ring-corruption wotr-victory-ring-shadow
wotr-tiles wotr-tiles-pool
wotr-ring-corruption-heal wotr-fellowship-declare-heal
wotr-battle-combat-strength
wotr-battle-leader-reroll
wotr-battle-retreat-into-siege wotr-siege-choice
wotr-siege-continues wotr-siege-lift wotr-siege-battle
wotr-army-move wotr-army-move-once
wotr-dice-character
wotr-dice-event
wotr-hand-limit
wotr-turn-passing
wotr-dice-count
wotr-char-aragorn wotr-char-aragorn-enter
wotr-character-nazgul
wotr-army wotr-battle-elite-reduction wotr-battle-casualties
wotr-muster-settlement wotr-settlement-control
wotr-fellowship-reveal
wotr-fellowship-move
wotr-hunt-box
wotr-elven-rings
wotr-character-eliminated wotr-muster-losses wotr-fellowship-leave
wotr-victory-points wotr-settlement-types
wotr-army-stacking
wotr-fellowship-gollum wotr-char-gollum-guide
wotr-mordor
wotr-sortie
wotr-army-non-belligerent wotr-politics-non-belligerent wotr-politics-passive
wotr-sortie
wotr-turn-phase-actions wotr-turn-passing wotr-turn-discard-die
wotr-fellowship-move wotr-dice-character
wotr-battle-retreat
wotr-muster-at-war wotr-politics-passive
wotr-army-stacking
wotr-character-nazgul
wotr-hunt-success wotr-hunt-damage
wotr-victory-ring-free-peoples wotr-mordor-end
wotr-victory-military-shadow
wotr-char-gandalf-white-enter
wotr-char-witch-king
wotr-char-mouth-enter
wotr-fellowship-guide
wotr-fellowship-separate
wotr-ring-corruption wotr-victory-ring-shadow
wotr-tiles wotr-tiles-pool
wotr-ring-corruption-heal wotr-fellowship-declare-heal
wotr-battle-combat-strength
wotr-battle-leader-reroll
wotr-battle-retreat-into-siege wotr-siege-choice
wotr-siege-continues wotr-siege-lift wotr-siege-battle
wotr-army-move wotr-army-move-once
wotr-dice-character
wotr-dice-event
wotr-hand-limit
wotr-turn-passing
wotr-char-aragorn wotr-char-aragorn-enter
wotr-army wotr-battle-elite-reduction wotr-battle-casualties
wotr-muster-settlement wotr-settlement-control
wotr-fellowship-reveal
wotr-fellowship-move
wotr-hunt-box
wotr-elven-rings
wotr-character-eliminated wotr-muster-losses wotr-fellowship-leave
wotr-victory-points wotr-settlement-control
wotr-army-stacking
wotr-fellowship-gollum wotr-char-gollum-guide
wotr-sortie
wotr-sortie wotr-siege-besieged-army
wotr-dice-eye wotr-hunt-eye-results
wotr-politics-advance wotr-muster-political wotr-politics-at-war
wotr-battle-start wotr-politics-non-belligerent
wotr-char-saruman-enter
wotr-mordor
wotr-turn-phase-actions wotr-turn-passing wotr-turn-discard-die
wotr-battle-retreat
wotr-hunt-reroll
wotr-army-move-free-region
wotr-setup-action-dice wotr-dice-count
wotr-siege-battle wotr-siege-besieged-army
wotr-fellowship-hide
wotr-dice-event wotr-event-cards
wotr-army-leaders-not-alone wotr-battle-leaders-alone
"""
HELDOUT_HALF = """
wotr-army-move-free-region wotr-army-capture-settlement wotr-battle-start
wotr-fellowship-reveal wotr-fellowship-reveal-move
wotr-army wotr-battle-attacking-army
wotr-fellowship-separate wotr-fellowship-leave
wotr-char-strider wotr-char-strider-guide
wotr-char-boromir-politics
wotr-char-legolas-politics
wotr-char-gimli-politics
wotr-char-hobbit-guide wotr-char-hobbit-return
wotr-fellowship
wotr-hunt-success wotr-tiles-pool
wotr-hunt-reroll
wotr-hunt-success wotr-hunt-roll-bonus
wotr-victory
wotr-char-gandalf-white-enter wotr-character-eliminated
wotr-victory-military-free-peoples
wotr-victory-points wotr-settlement-types
wotr-siege-continues wotr-siege-besieged-army
wotr-battle-attacking-army wotr-army-leaders-not-alone wotr-siege
wotr-battle-leaders-alone wotr-army-leaders-not-alone
wotr-army-move-free-region wotr-army-capture-settlement
wotr-dice-muster wotr-char-mouth-muster
wotr-dice-army
wotr-dice-will-of-the-west
wotr-battle-casualties
wotr-battle-combat-card
wotr-sortie
wotr-mordor-idle wotr-fellowship-move
wotr-victory-ring-free-peoples wotr-mordor-end
"""
HELDOUT_EN_REST = """
wotr-battle-leaders-alone wotr-character-eliminated wotr-muster-losses
wotr-muster-nazgul wotr-muster-reinforcements
wotr-muster-reinforcements
wotr-muster-settlement
wotr-politics-advance
wotr-politics-activation-attacked wotr-politics-advance-attacked
wotr-setup-political-track wotr-politics-start
wotr-muster-settlement
wotr-hunt-allocation-maximum wotr-hunt-roll-dice wotr-hunt-eye-results
wotr-hunt-casualty wotr-hunt-damage-order wotr-hunt-corruption
wotr-hunt-casualty wotr-hunt-corruption
wotr-mordor wotr-mordor-enter wotr-mordor-move
wotr-tiles-eye-icon wotr-hunt-damage-eye wotr-tiles-special
wotr-fellowship-hide
wotr-character-companion-move wotr-character-move
wotr-army-leaders-not-alone
wotr-character-nazgul-stronghold
wotr-siege-lift
wotr-turn
wotr-turn-phase-recover
wotr-hand-limit
"""
HELDOUT_ES_REST = """
wotr-muster-nazgul wotr-muster-reinforcements
wotr-muster-reinforcements
wotr-muster-settlement
wotr-politics-advance
wotr-politics-activation-attacked wotr-politics-advance-attacked
wotr-setup-political-track wotr-politics-start
wotr-muster-settlement
wotr-hunt-allocation-maximum wotr-hunt-roll-dice wotr-hunt-eye-results
wotr-hunt-casualty wotr-hunt-damage-order wotr-hunt-corruption
wotr-hunt-casualty wotr-hunt-corruption
wotr-hunt-damage-eye wotr-tiles-eye-icon
wotr-fellowship-hide
wotr-character-companion-move wotr-character-move
wotr-army-leaders-not-alone
wotr-character-nazgul-stronghold
wotr-turn
wotr-turn-phase-recover
wotr-hand-limit
wotr-battle-attacking-army wotr-char-witch-king
wotr-mordor-enter
wotr-fellowship-separate
"""
HELDOUT = HELDOUT_HALF + HELDOUT_EN_REST + HELDOUT_HALF + HELDOUT_ES_REST
