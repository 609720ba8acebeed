package richelieu.runner.distance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static richelieu.runner.distance.DistanceResult.joinedCards;

/**
 * The distance study with its deeper companions ({@link DistanceFiles#COMPANIONS}): runs of the
 * same lineup games at more cards, each in its own folder, joined into one result by cards left
 * and rendered as the page's and the README's sections that span them.
 */
public final class DistanceCompanions {
    private DistanceCompanions() {
    }

    /**
     * The study and its deeper companions as one result, every number of cards in order: their
     * positions together (each companion plays the study's first games again, so a game's
     * positions at different numbers of cards are drawn from the same game), the statistics
     * computed afresh, the companions kept so that {@link DistanceResult#positionsLine} says how many games each
     * number of cards comes from. Without a companion, this result. A companion that measured
     * other bots, another lineup or seed, or more games than the study, cannot join: an
     * {@link IllegalArgumentException} says which; a number of cards the study (or an earlier
     * companion) measured already is taken from there.
     */
    public static DistanceResult joined(DistanceResult r) {
        if (r.deeper().isEmpty()) {
            return r;
        }
        List<Integer> all = new ArrayList<>(r.cards());
        List<Integer> gaps = new ArrayList<>(r.missing());
        List<DistanceStudy.Position> together = new ArrayList<>(r.positions());
        for (DistanceResult.Companion c : r.deeper()) {
            DistanceResult d = c.result();
            if (!d.bots().equals(r.bots()) || !d.lineup().equals(r.lineup()) || d.seed() != r.seed()
                    || !d.rules().equals(r.rules()) || !d.deck().equals(r.deck()) || d.games() > r.games()) {
                throw new IllegalArgumentException(c.folder() + ": not the same bots, lineup, seed, rules and deck on at "
                        + "most the study's games, so it cannot join the study's table");
            }
            for (int i = 0; i < d.cards().size(); i++) {
                int n = d.cards().get(i);
                if (all.contains(n)) { // measured already, on at least as many games: the same positions again
                    continue;
                }
                all.add(n);
                gaps.add(d.missing().get(i));
                together.addAll(d.positions().stream().filter(p -> p.cards() == n).toList());
            }
        }
        DistanceResult j = DistanceResult.of(r.seed(), r.rules(), r.deck(), r.bots(), r.lineup(), r.games(), all, gaps,
                together);
        return new DistanceResult(r.command(), r.seed(), r.rules(), r.deck(), r.bots(), r.lineup(), r.games(), j.cards(),
                j.missing(), j.positions(), j.cells(), r.deeper(), r.planned());
    }

    /**
     * The study from 4 cards to its deepest companion's, in one place (empty without a companion):
     * the share of decisions that give away game value at every number of cards, the mean points
     * lost where they were solved exactly, what each number of cards rests on, and the paired
     * verdict over every position. {@code folder} is the study's folder as the text links it ("" for its own page).
     */
    public static String byCardsSection(DistanceResult r, String folder) {
        if (r.deeper().isEmpty()) {
            return "";
        }
        DistanceResult j = joined(r);
        if (j.cards().size() == r.cards().size()) { // the companions measured nothing the study does not
            return "";
        }
        List<Integer> wdl = j.outcomeOnlyCards();
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "**From %d to %d cards left, every bot** (this study and its deeper "
                        + "companions: %s): the share of decisions that give away game value, measured at every number "
                        + "of cards (W/D/L: only each action's win/draw/loss was solved there, which is all the share "
                        + "needs); 95%% Wilson intervals:\n\n", j.cards().get(0), j.cards().get(j.cards().size() - 1),
                String.join(", ", r.deeper().stream().map(c -> "[" + joinedCards(c.result().cards()) + " cards](" + folder
                        + c.folder() + "/" + DistanceFiles.PAGE + ")").toList())));
        j.table(md, DistanceResult::share, j.cards());
        md.append(wdl.isEmpty() ? "\nThe mean points lost per decision (95% interval):\n\n" : String.format(Locale.ROOT,
                "\nThe mean points lost per decision (95%% interval), measured only where every action's exact margin "
                        + "was solved: up to %d cards, not at %s, where it costs far more CPU than win/draw/loss:\n\n",
                DistanceStudy.MAX_CARDS, joinedCards(wdl)));
        j.table(md, DistanceResult::points, j.cards().stream().filter(c -> !wdl.contains(c)).toList());
        md.append("\n").append(j.positionsLine()).append(" The price of not knowing the tokens is measured where `pimc` "
                + "solves every token deal its seat cannot tell apart exactly, at 8 cards or fewer: its figures there are "
                + "that price; beyond, no bot's figures separate it from the bot's own errors.\n");
        String verdict = j.pairedVerdict();
        if (!verdict.isEmpty()) {
            md.append("\n**Every position pooled** (").append(joinedCards(j.cards())).append(" cards): ").append(verdict)
                    .append("\n");
        }
        return md.toString();
    }

    /**
     * The deeper companions' part of the page and the README section (empty without one): for
     * each, its share of decisions that give away game value by number of cards, and what its
     * paired tests support; {@code folder} is the study's folder as the text links it ("" for its own page).
     */
    public static String deeperSection(DistanceResult r, String folder) {
        StringBuilder md = new StringBuilder();
        for (DistanceResult.Companion c : r.deeper()) {
            md.append(md.length() == 0 ? "" : "\n").append(companionSection(r, c.result(), folder + c.folder() + "/"
                    + DistanceFiles.PAGE));
        }
        return md.toString();
    }

    private static String companionSection(DistanceResult r, DistanceResult deeper, String link) {
        List<Integer> wdl = deeper.outcomeOnlyCards();
        List<Integer> exact = deeper.cards().stream().filter(c -> !wdl.contains(c)).toList();
        String title = (exact.isEmpty() ? "" : joinedCards(exact) + " cards exact")
                + (exact.isEmpty() || wdl.isEmpty() ? "" : ", ")
                + (wdl.isEmpty() ? "" : joinedCards(wdl) + " cards win/draw/loss only");
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "**Deeper: %s** ([its page](%s): command, every position%s). Same seed, "
                        + "lineup and bots, on %,d of the lineup games above (game g is the same game), in a run of its "
                        + "own so that the figures above stay those of their %,d games.%s%s\n\n", title, link,
                exact.isEmpty() ? "" : " and the points lost there", deeper.games(), r.games(),
                wdl.isEmpty() ? "" : String.format(Locale.ROOT, " Beyond %d cards every action's exact margin costs "
                        + "far more CPU per position than its win/draw/loss alone (docs/perfect-play.md, Cost): at %s "
                        + "cards the share of decisions that give away game value is measured as everywhere (it needs "
                        + "only each action's win/draw/loss), the points lost are not.", DistanceStudy.MAX_CARDS, joinedCards(wdl)),
                deeper.games() < deeper.planned() ? String.format(Locale.ROOT, " A partial run: %,d of the %,d games "
                        + "asked for (its page says how to continue it).", deeper.games(), deeper.planned()) : ""));
        deeper.table(md, DistanceResult::share);
        md.append("\n").append(deeper.positionsLine()).append("\n");
        String verdict = deeper.pairedVerdict();
        if (!verdict.isEmpty()) {
            md.append("\n").append(verdict).append("\n");
        }
        return md.toString();
    }
}
