package richelieu.runner.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;
import richelieu.engine.TextRender;
import richelieu.strategies.RandomStrategy;

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
        Deal deal = Seeds.deal(Deck.standard(), master, 0);
        // the game driver plays it as a match does (unit 0's first game), then it is replayed for the printout
        Game game = new Game();
        game.play(rules, deal, new Strategy[]{new RandomStrategy(), new RandomStrategy()},
                Seeds.botStreams(master, 0, 0, rules.players()));
        GameState s = new GameState(rules, deal);
        System.out.println("seed " + master + ", " + rules.describe());
        System.out.println(TextRender.render(s, -1));
        StringBuilder turn = new StringBuilder();
        for (int a : game.lastActions()) {
            int seat = s.toMove();
            int t = s.turn();
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
