package richelieu.runner.report.readme;

import richelieu.runner.answers.DeckAnswer;
import richelieu.runner.studystats.BalanceStats;

import java.util.Locale;
import java.util.Map;

import static richelieu.runner.text.Format.pct;
import static richelieu.runner.text.Format.pctInterval;
import static richelieu.runner.text.Format.ppInterval;
import static richelieu.runner.text.Format.signed;

/** "Do the conclusions depend on the reconstructed deck?" */
final class DeckSection {
    private DeckSection() {
    }

    static void write(StringBuilder md, DeckAnswer a, boolean quick) {
        md.append("### Do the conclusions depend on the reconstructed deck?\n\n");
        md.append("The real card list is not in the rule texts; the default deck is a reconstruction. Two other decks "
                + "satisfy every stated fact too ([`decks/`](").append(quick ? "../" : "").append("decks/)): *flat* (10 doubles, "
                + "11 plain cards, middle regions at 6 shields) and *doubles-heavy* (20 doubles, 1 plain card).\n\n");
        md.append("| bot | deck | seat 0 wins (decisive) | base − three-row seat 0 score (paired) |\n|---|---|---|---|\n");
        for (Map.Entry<String, Map<String, DeckAnswer.Deck>> e : a.byBot().entrySet()) {
            for (Map.Entry<String, DeckAnswer.Deck> d : e.getValue().entrySet()) {
                DeckAnswer.Deck x = d.getValue();
                String balanceText = "";
                BalanceStats.Difference diff = x.balance() == null ? null : x.balance().stats().difference();
                if (x.balance() != null) {
                    balanceText = signed(100 * x.balance().difference(), 2) + " pp "
                            + (diff == null ? "[n/a, n/a]" : ppInterval(diff.interval()));
                }
                md.append(String.format(Locale.ROOT, "| %s | %s | %s %s | %s |\n", e.getKey(), d.getKey(), pct(x.seat().share()),
                        pctInterval(x.seat().interval()), balanceText));
            }
        }
        md.append(String.format(Locale.ROOT, "\nAcross the three decks the first player's edge moves by at most %.1f percentage "
                + "points for the same bot", a.maxMove()));
        md.append(String.format(Locale.ROOT, a.sameSign()
                ? "; on every deck the first player's edge keeps its sign and is significant (exact binomial tests at 5%%, "
                        + "Holm-corrected over the %d bot-deck pairs).%n%n"
                : "; its sign or significance (exact binomial tests at 5%%, Holm-corrected over the %d bot-deck pairs) is not "
                        + "the same on every deck (see the table).%n%n", a.tests()));
    }
}
