package richelieu.runner.solve;

import com.fasterxml.jackson.annotation.JsonInclude;
import richelieu.engine.Layout;
import richelieu.engine.solver.RootValues;
import richelieu.engine.solver.OpenGame;
import richelieu.engine.text.ActionText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The answer of {@code solve} for one position, computed once ({@link PositionValues}) and
 * rendered as text ({@link #text}) or JSON (Jackson binds the record; absent fields are the other
 * mode's). Every value, margin and outcome is from the side of the seat to move ({@link #seat}).
 *
 * @param format        {@value #FORMAT}
 * @param records       the records file, as given
 * @param game          the game's 0-based line
 * @param step          the position after this many actions of the game (step 0: the deal)
 * @param steps         the game's actions (its last position is step {@code steps})
 * @param turn          the turn under way (completed turns before it)
 * @param seat          the seat to move
 * @param bot           that seat's bot, as the record names it
 * @param decision      the decision point, e.g. "first take (R9)"
 * @param cardsOnTable  cards left on the table
 * @param rules         the rules, as {@code Rules.describe}
 * @param knowledge     "open" (every token known, {@code --open}) or "seat" (what the seat to move knows)
 * @param seed          seat: the master seed of the token deals
 * @param samples       seat: the deals asked for
 * @param deals         seat: the deals solved (fewer than asked when the time limit stopped it)
 * @param value         open: the position's exact value, {@link OpenGame#SCALE} per point of margin plus R20's card tie-break
 * @param margin        open: the final score margin under best play
 * @param outcome       open: "win", "draw" or "loss" under best play (R20)
 * @param actions       every legal action, best first
 * @param positions     positions the solver visited
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SolveReport(String format, String records, int game, int step, int steps, int turn, int seat, String bot,
                          String decision, int cardsOnTable, String rules, String knowledge, Long seed, Integer samples,
                          Integer deals, Integer value, Integer margin, String outcome, List<ActionLine> actions,
                          long positions) {
    public static final String FORMAT = "richelieu-solve/1";

    /**
     * One legal action.
     *
     * @param action     the action as the protocol writes it, e.g. "take r1c11"
     * @param text       what it does, in words
     * @param best       true for the best action and those as good
     * @param value      open: its exact value
     * @param margin     open: the final margin under best play after it
     * @param outcome    open: "win", "draw" or "loss" after it
     * @param wins       seat: deals it wins under best play after it
     * @param draws      seat: deals it draws
     * @param losses     seat: deals it loses
     * @param meanMargin seat: its mean margin over the deals
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ActionLine(String action, String text, boolean best, Integer value, Integer margin, String outcome,
                             Integer wins, Integer draws, Integer losses, Double meanMargin) {
    }

    /** Where the position is and what it is; the answer comes from {@link #open} or {@link #sampled}. */
    public record Position(String records, int game, int step, int steps, int turn, int seat, String bot, String decision,
                           int cardsOnTable, String rules, Layout layout) {
    }

    /** The report of an open solve. */
    public static SolveReport open(Position p, PositionValues.Open o) {
        List<ActionLine> lines = new ArrayList<>();
        for (PositionValues.Exact e : o.actions()) {
            lines.add(new ActionLine(richelieu.engine.Action.toString(e.action()), ActionText.describe(p.layout(), e.action()),
                    e.value() == o.value(), e.value(), e.margin(), outcomeWord(e.outcome()), null, null, null, null));
        }
        return new SolveReport(FORMAT, p.records(), p.game(), p.step(), p.steps(), p.turn(), p.seat(), p.bot(),
                p.decision(), p.cardsOnTable(), p.rules(), "open", null, null, null, o.value(),
                RootValues.margin(o.value()), outcomeWord(Integer.signum(o.value())), lines, o.positions());
    }

    /** The report of a solve over token deals drawn from the mover's knowledge. */
    public static SolveReport sampled(Position p, long seed, PositionValues.Sampled s) {
        List<ActionLine> lines = new ArrayList<>();
        for (PositionValues.ActionTally t : s.actions()) {
            lines.add(new ActionLine(richelieu.engine.Action.toString(t.action()), ActionText.describe(p.layout(), t.action()),
                    PositionValues.best(t, s.actions()), null, null, null, t.wins(), t.draws(), t.losses(), t.meanMargin()));
        }
        return new SolveReport(FORMAT, p.records(), p.game(), p.step(), p.steps(), p.turn(), p.seat(), p.bot(),
                p.decision(), p.cardsOnTable(), p.rules(), "seat", seed, s.asked(), s.deals(), null, null, null, lines,
                s.positions());
    }

    private static String outcomeWord(int outcome) {
        return outcome > 0 ? "win" : outcome < 0 ? "loss" : "draw";
    }

    /** The first line: which position this is. */
    public String heading() {
        return String.format(Locale.ROOT, "game %d of %s, step %d of %d: turn %d, seat %d (%s) to move, %s; %d cards on the table",
                game, records, step, steps, turn, seat, bot, decision, cardsOnTable);
    }

    /** The answer as text: what was solved, the value (open) and one line per action, best first. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        String side = "seat " + seat + "'s side (margin: its final score minus the other's; R20: on equal points fewer cards win)";
        if (knowledge.equals("open")) {
            sb.append("every token known (--open): exact values under best play for both seats, from ").append(side).append('\n');
            sb.append("value: seat ").append(seat).append(' ').append(verdict(outcome, margin)).append(" under best play\n");
            sb.append(String.format(Locale.ROOT, "    %-7s %6s  %s%n", "outcome", "margin", "action"));
            boolean tieBreak = false;
            for (ActionLine a : actions) {
                sb.append(String.format(Locale.ROOT, "  %s %-7s %+6d  %s%n", a.best() ? "*" : " ", a.outcome(), a.margin(), a.text()));
                tieBreak |= a.margin() == 0 && !a.outcome().equals("draw");
            }
            if (tieBreak) {
                sb.append("  (a win or loss at +0 is decided by R20's tie-break: fewer cards)\n");
            }
        } else {
            sb.append(String.format(Locale.ROOT, "what seat %d knows (its own tokens, what passes revealed; R26): %d token deal%s "
                            + "drawn consistent with it (seed %d), each solved exactly; values from %s; --open for the true tokens%n",
                    seat, samples, samples == 1 ? "" : "s", seed, side));
            if (deals < samples) {
                sb.append(String.format(Locale.ROOT, "stopped at the time limit (--max-seconds): %d of %d deals solved; "
                        + "the counts are over those %d%n", deals, samples, deals));
            }
            sb.append(String.format(Locale.ROOT, "    %5s %5s %6s  %11s  %s%n", "wins", "draws", "losses", "mean margin", "action"));
            for (ActionLine a : actions) {
                sb.append(String.format(Locale.ROOT, "  %s %5d %5d %6d  %+11.2f  %s%n", a.best() ? "*" : " ", a.wins(),
                        a.draws(), a.losses(), a.meanMargin(), a.text()));
            }
        }
        sb.append("  * best").append(knowledge.equals("open") ? "" : " (most wins + draws/2, then mean margin)").append('\n');
        return sb.toString();
    }

    private static String verdict(String outcome, int margin) {
        if (margin == 0) {
            return outcome.equals("draw") ? "draws (equal points, equal cards)"
                    : (outcome.equals("win") ? "wins" : "loses") + " on the tie-break (equal points, R20: fewer cards win)";
        }
        int points = Math.abs(margin);
        return (outcome.equals("win") ? "wins" : "loses") + " by " + points + " point" + (points == 1 ? "" : "s");
    }
}
