package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.TextRender;
import richelieu.runner.play.Seeds;

import java.util.SplittableRandom;

/** {@code richelieu demo}: one game between two random players, printed turn by turn. */
@Command(name = "demo", mixinStandardHelpOptions = true, description = {"Play one game between two random players and "
        + "print it turn by turn.", "The deal and each player's random stream derive from --seed as in every other "
        + "command: it is game 0 of './richelieu match random random --seed N'."})
public final class DemoCommand implements Runnable {
    @Mixin
    SeedOption seed = new SeedOption();

    @Mixin
    VariantOption variant = new VariantOption();

    @Override
    public void run() {
        Rules rules = Rules.twoPlayer().withVariant(variant.get());
        long master = seed.get();
        Deal deal = Deal.generate(Deck.standard(), Seeds.deal(master, 0));
        GameState s = new GameState(rules, deal);
        // each seat its own stream, as a run gives unit 0's first game; a forced action draws nothing
        SplittableRandom[] rng = new SplittableRandom[rules.players()];
        for (int seat = 0; seat < rng.length; seat++) {
            rng[seat] = new SplittableRandom(Seeds.bot(master, 0, 0, seat));
        }
        int[] buf = new int[Action.MAX_LEGAL];
        System.out.println("seed " + master + ", " + rules.describe());
        System.out.println(TextRender.render(s, -1));
        StringBuilder turn = new StringBuilder();
        while (!s.isOver()) {
            int seat = s.toMove();
            int t = s.turn();
            int n = s.legalActions(buf);
            int a = n == 1 ? buf[0] : buf[rng[seat].nextInt(n)];
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
