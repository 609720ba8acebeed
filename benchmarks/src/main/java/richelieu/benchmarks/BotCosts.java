package richelieu.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;
import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;
import richelieu.strategies.StrategyFactory;
import richelieu.strategies.exec.ExecFactory;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each shipped bot costs per decision, the figure that tells how fast an environment runs
 * against it ({@code ./richelieu bots} and the Python docs print it): every bot of
 * {@link Bots#standard()} (with its default parameters) plays {@code GAMES} 2-player games
 * against {@code random} on one thread, seats alternating (deal g of the seed, as every command
 * deals it), after as many warm-up games; every {@link Strategy#chooseAction} of the bot is timed
 * by the thread's CPU time (so time lost to other processes does not count; decision points with
 * a single legal action are played without asking and cost nothing). The bots are measured in
 * interleaved rounds, so their ratios are figures of one machine state.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar richelieu.benchmarks.BotCosts GAMES ROUNDS SEED OUT.json OUT.md [BOT,BOT…]
 * </pre>
 * The optional last argument measures those bot specs instead of every shipped bot.
 */
public final class BotCosts {
    private BotCosts() {
    }

    /** One bot's figures: CPU time per decision (mean and median over rounds) and decisions per game. */
    record Cost(String bot, double meanMicros, double medianMicros, double decisionsPerGame, long decisions) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 5 && args.length != 6) {
            System.err.println("usage: BotCosts GAMES ROUNDS SEED OUT.json OUT.md [BOT,BOT...]");
            System.exit(2);
        }
        int games = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        Bots registry = Bots.standard();
        List<BotSpec> bots = new ArrayList<>();
        if (args.length == 6) {
            for (String spec : args[5].split(",")) {
                bots.add(registry.parse(spec));
            }
        } else {
            for (StrategyFactory f : registry.factories()) {
                if (!(f instanceof ExecFactory) && !Bots.isKept(f)) { // an older name plays a shipped bot's games
                    bots.add(registry.parse(f.name()));
                }
            }
        }
        BotSpec random = registry.parse("random");
        Rules rules = Rules.twoPlayer();
        Deck deck = Deck.standard();
        long[][] cpu = new long[bots.size()][rounds];
        long[][] decisions = new long[bots.size()][rounds];
        Game game = new Game();
        for (int warm = 0; warm < 2; warm++) {
            for (int r = 0; r < (warm == 0 ? 1 : rounds); r++) {
                for (int b = 0; b < bots.size(); b++) {
                    MoveTimes.Timed timed = new MoveTimes.Timed(bots.get(b).newStrategy());
                    Strategy other = random.newStrategy();
                    for (int g = 0; g < games; g++) {
                        long k = (long) r * games + g + (warm == 0 ? 1_000_000 : 0);
                        Strategy[] seats = g % 2 == 0 ? new Strategy[]{timed, other} : new Strategy[]{other, timed};
                        game.play(rules, Seeds.deal(deck, seed, k), seats, Seeds.botStreams(seed, k, 0, 2));
                    }
                    if (warm == 1) {
                        cpu[b][r] = Arrays.stream(timed.cpuNanos, 0, timed.count).sum();
                        decisions[b][r] = timed.count;
                    }
                }
            }
        }
        List<Cost> costs = new ArrayList<>();
        for (int b = 0; b < bots.size(); b++) {
            double[] perDecision = new double[rounds];
            long n = 0;
            long total = 0;
            for (int r = 0; r < rounds; r++) {
                perDecision[r] = cpu[b][r] / 1000.0 / Math.max(1, decisions[b][r]);
                n += decisions[b][r];
                total += cpu[b][r];
            }
            Arrays.sort(perDecision);
            costs.add(new Cost(bots.get(b).label(), total / 1000.0 / Math.max(1, n), perDecision[rounds / 2],
                    (double) n / ((long) rounds * games), n));
        }
        String load = String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "java -cp benchmarks/target/benchmarks.jar richelieu.benchmarks.BotCosts " + String.join(" ", args));
        json.put("players", 2);
        json.put("opponent", "random");
        json.put("gamesPerRound", games);
        json.put("rounds", rounds);
        json.put("seed", seed);
        json.put("loadAverage", load);
        json.put("costs", costs);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(Path.of(args[3]).toFile(), json);
        StringBuilder md = new StringBuilder();
        md.append("# What each bot costs per decision\n\n");
        md.append("Generated by `").append(json.get("command")).append("` (benchmarks/src/main/java/richelieu/benchmarks/BotCosts.java): ")
                .append("every shipped bot with its default parameters plays ").append(games).append(" two-player games against `random` per round, ")
                .append(rounds).append(" rounds interleaved across the bots after a warm-up round, on one thread; each of its decisions ")
                .append("(a decision point with a choice: forced ones are played without asking) is timed by the thread's CPU time. ")
                .append("Load average at the end: ").append(load).append(".\n\n");
        md.append("| bot | CPU per decision, mean | median of the rounds' means | decisions per game |\n|---|---:|---:|---:|\n");
        for (Cost c : costs) {
            md.append(String.format(Locale.ROOT, "| `%s` | %s | %s | %.1f |%n", c.bot(), time(c.meanMicros()), time(c.medianMicros()),
                    c.decisionsPerGame()));
        }
        md.append("\nAn environment step against a bot costs the bot's decisions until the agent's next one (about one "
                + "per agent step with 2 players) on top of the step itself: see results/benchmarks/python-env.md.\n");
        Files.writeString(Path.of(args[4]), md.toString());
        System.out.print(md);
    }

    /** A time in µs, or ms from 1,000 µs, with three significant digits. */
    static String time(double micros) {
        if (micros >= 1000) {
            return String.format(Locale.ROOT, "%.3g ms", micros / 1000);
        }
        return String.format(Locale.ROOT, "%.3g µs", micros);
    }
}
