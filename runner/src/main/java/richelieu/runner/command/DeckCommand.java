package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import richelieu.engine.Card;
import richelieu.engine.Deck;
import richelieu.engine.DeckException;
import richelieu.engine.Region;
import richelieu.engine.Symbol;
import richelieu.runner.UserError;
import richelieu.runner.text.Format;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code richelieu deck [FILE]}: show and validate a deck. */
@Command(name = "deck", mixinStandardHelpOptions = true,
        description = {"Show and validate a deck.", "Show a deck (the built-in one, or a deck file, which is validated) region by region, and check "
                + "it against the facts the rule texts state.",
                "Example: ./richelieu deck --json > my-deck.json   (a starting point for your own deck)"})
public final class DeckCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "FILE", description = "Deck file (default: the built-in deck).")
    Path file;

    @Option(names = "--json", description = "Print the deck as a deck file instead.")
    boolean json;

    @Override
    public Integer call() {
        Deck deck;
        try {
            deck = file == null ? Deck.standard() : Deck.load(file);
        } catch (DeckException e) {
            throw new UserError(e.getMessage());
        }
        if (json) {
            System.out.println(deck.toJson());
            return 0;
        }
        System.out.println("deck: " + Format.data(deck.name()) + (file == null ? " (built in)" : " (" + file + ", valid)"));
        System.out.printf("  %-10s %7s %7s %7s %7s %7s%n", "region", "shields", "symbols", "doubles", "plain", "cards");
        int[] total = new int[5];
        for (Region r : Region.values()) {
            int symbols = 0;
            int doubles = 0;
            int plain = 0;
            for (Card c : deck.cards()) {
                if (c.region() == r) {
                    if (c.isDouble()) {
                        doubles++;
                    } else if (c.symbol() != null) {
                        symbols++;
                    } else {
                        plain++;
                    }
                }
            }
            int[] row = {deck.regionShields(r), symbols, doubles, plain, symbols + doubles + plain};
            for (int i = 0; i < 5; i++) {
                total[i] += row[i];
            }
            System.out.printf("  %-10s %7d %7d %7d %7d %7d%n", r.displayName(), row[0], row[1], row[2], row[3], row[4]);
        }
        System.out.printf("  %-10s %7d %7d %7d %7d %7d%n", "total", total[0], total[1], total[2], total[3], total[4]);
        System.out.println("facts from the rulebooks (docs/rules.md, section 2):");
        boolean oncePerRegion = true;
        for (Symbol s : Symbol.values()) {
            for (Region r : Region.values()) {
                long n = deck.cards().stream().filter(c -> c.region() == r && c.symbol() == s).count();
                oncePerRegion &= n == 1;
            }
        }
        check("each symbol on 9 cards, once per region", oncePerRegion);
        check("Bourgogne has 10 shields", deck.regionShields(Region.BOURGOGNE) == 10);
        check("Provence has 7 shields", deck.regionShields(Region.PROVENCE) == 7);
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (Region r : Region.values()) {
            min = Math.min(min, deck.regionShields(r));
            max = Math.max(max, deck.regionShields(r));
        }
        check("Auvergne is the smallest region (5) and Bourgogne the largest (10)",
                deck.regionShields(Region.AUVERGNE) == 5 && min == 5 && max == 10);
        check("a few plain one-shield cards exist, most cards have a second shield or a symbol",
                total[3] > 0 && total[3] < total[4] / 2);
        return 0;
    }

    private static void check(String fact, boolean ok) {
        System.out.printf("  [%s] %s%n", ok ? "ok" : "differs", fact);
    }
}
