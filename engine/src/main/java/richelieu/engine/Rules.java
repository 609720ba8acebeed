package richelieu.engine;

import richelieu.engine.json.Json;

/**
 * Every rule parameter of a game, typed: player count, variant, the documented choices of
 * docs/rules.md ([choice] marks) and the scoring and tie rules that differ between 2 and 3–4
 * players. {@link #standard(int)} gives the rules as docs/rules.md decides them; the
 * {@code with…} methods change one parameter.
 *
 * @param players            2, 3 or 4 (R21)
 * @param variant            base game or the three-row variant (R17)
 * @param returnTiming       R8 [choice: timing]: when return tokens may be used
 * @param freedMarkersPayable R11 [choice]: may a marker freed by R10 in the same turn pay for
 *                           an opponent-marked card
 * @param maxMarkersOnTable  R21: 3, or 2 with 4 players
 * @param majority           R18/R19 (2 players: a tie scores nothing) or R22 (3–4 players:
 *                           everyone tied for the highest count scores it)
 * @param absentRegionPoints R18: points for holding no card of a region (−5; 0 with R23)
 * @param absentSymbolPoints R19: points for holding no card showing a symbol (−5; 0 with R23)
 * @param presentRegionPoints R23: points for every region held (0; 2 with 3–4 players)
 * @param fewerCardsWinTies  R20/R24: on equal totals the player with fewer cards wins
 */
public record Rules(int players, Variant variant, ReturnTiming returnTiming, boolean freedMarkersPayable,
                    int maxMarkersOnTable, Majority majority, int absentRegionPoints, int absentSymbolPoints,
                    int presentRegionPoints, boolean fewerCardsWinTies) {

    /** Markers per player (R4, R21). */
    public static final int MARKERS = 3;

    /** R17: when the game ends. */
    public enum Variant {
        /** The game ends when the table is empty. */
        BASE("base"),
        /** The game ends at the end of the turn in which the third of the four rows becomes empty. */
        THREE_ROW("three-row");

        private final String jsonName;

        Variant(String jsonName) {
            this.jsonName = jsonName;
        }

        /** The variant as the command line and files name it: "base" or "three-row". */
        public String jsonName() {
            return jsonName;
        }

        /** The variant named {@code s} ("base", "three-row"), or null. */
        public static Variant parse(String s) {
            return Json.named(values(), Variant::jsonName, s);
        }

        @Override
        public String toString() {
            return jsonName;
        }
    }

    /** R8 [choice: timing]. */
    public enum ReturnTiming {
        /** Return tokens may be used only at the start of the player's own turn (the default). */
        START_OF_TURN,
        /** Also after taking, before the marker step (so a token just taken can be used at once). */
        START_AND_AFTER_TAKING
    }

    /** How a region or symbol majority scores. */
    public enum Majority {
        /** R18/R19: a strict majority scores its count; on a tie nobody scores. */
        STRICT,
        /** R22: every player tied for the highest (non-zero) count scores it. */
        SHARED
    }

    /** Checks the player count, the required enums and the marker cap. */
    public Rules {
        if (players < 2 || players > 4) {
            throw new IllegalArgumentException("Richelieu is played by 2, 3 or 4 players, not " + players);
        }
        if (variant == null || returnTiming == null || majority == null) {
            throw new IllegalArgumentException("variant, return timing and majority rule are required");
        }
        if (maxMarkersOnTable < 1 || maxMarkersOnTable > MARKERS) {
            throw new IllegalArgumentException("markers on the table are capped at 1 to 3, not " + maxMarkersOnTable);
        }
    }

    /** The rules exactly as docs/rules.md decides them for this many players, base variant. */
    public static Rules standard(int players) {
        if (players == 2) {
            return new Rules(2, Variant.BASE, ReturnTiming.START_OF_TURN, true, MARKERS, Majority.STRICT,
                    -5, -5, 0, true);
        }
        return new Rules(players, Variant.BASE, ReturnTiming.START_OF_TURN, true, players == 4 ? 2 : MARKERS,
                Majority.SHARED, 0, 0, 2, true);
    }

    /** Two players, base game. */
    public static Rules twoPlayer() {
        return standard(2);
    }

    /** These rules with another variant (R17). */
    public Rules withVariant(Variant v) {
        return new Rules(players, v, returnTiming, freedMarkersPayable, maxMarkersOnTable, majority,
                absentRegionPoints, absentSymbolPoints, presentRegionPoints, fewerCardsWinTies);
    }

    /** These rules with another return-token timing (R8 [choice]). */
    public Rules withReturnTiming(ReturnTiming t) {
        return new Rules(players, variant, t, freedMarkersPayable, maxMarkersOnTable, majority,
                absentRegionPoints, absentSymbolPoints, presentRegionPoints, fewerCardsWinTies);
    }

    /** These rules with the other reading of R11 [choice]. */
    public Rules withFreedMarkersPayable(boolean b) {
        return new Rules(players, variant, returnTiming, b, maxMarkersOnTable, majority,
                absentRegionPoints, absentSymbolPoints, presentRegionPoints, fewerCardsWinTies);
    }

    /** True when every parameter except the player count and variant is docs/rules.md's decision. */
    public boolean isStandardChoices() {
        return standard(players).withVariant(variant).equals(this);
    }

    /** Short human description, e.g. "2 players, three-row". */
    public String describe() {
        String s = players + " players, " + variant.jsonName();
        if (!isStandardChoices()) {
            s += " (non-standard: " + this + ")";
        }
        return s;
    }
}
