package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.TextRender;

import java.util.SplittableRandom;

/** {@code richelieu demo}: one game between two random players, printed turn by turn. */
@Command(name = "demo", mixinStandardHelpOptions = true, description = "Play one game between two random players and print it turn by turn.")
public final class DemoCommand implements Runnable {
    @Option(names = "--seed", description = "Seed of the deal and of the players (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Mixin
    VariantOption variant = new VariantOption();

    @Override
    public void run() {
        Rules rules = Rules.twoPlayer().withVariant(variant.get());
        Deal deal = Deal.generate(Deck.standard(), seed);
        GameState s = new GameState(rules, deal);
        SplittableRandom rng = new SplittableRandom(seed);
        int[] buf = new int[Action.MAX_LEGAL];
        System.out.println("seed " + seed + ", " + rules.describe());
        System.out.println(TextRender.render(s, -1));
        StringBuilder turn = new StringBuilder();
        while (!s.isOver()) {
            int seat = s.toMove();
            int t = s.turn();
            int n = s.legalActions(buf);
            int a = buf[rng.nextInt(n)];
            s.apply(a);
            turn.append(turn.length() == 0 ? "" : ", ").append(Action.toString(a));
            if (s.turn() != t) {
                System.out.println("turn " + t + " seat " + seat + ": " + turn);
                turn.setLength(0);
            }
        }
        System.out.println();
        System.out.println(TextRender.render(s, -1));
    }
}
