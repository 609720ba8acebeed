package richelieu.runner.distance;

import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.engine.solver.RootValues;
import richelieu.engine.solver.Solver;
import richelieu.strategies.BotParams;
import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;
import richelieu.strategies.StrategyFactory;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DistanceStudyTest {
    private static final Rules RULES = Rules.standard(2);

    private static DistanceStudy.Settings settings(List<BotSpec> bots, List<Integer> cards, int games) {
        Bots registry = Bots.standard();
        return new DistanceStudy.Settings(bots, List.of(registry.parse("random"), registry.parse("greedy")), games, cards,
                11, RULES, Deck.standard());
    }

    /** A bot that plays one given action (it must be legal where it is asked) and counts its questions. */
    private static final class Fixed implements Strategy {
        final int action;
        int asked;

        Fixed(int action) {
            this.action = action;
        }

        @Override
        public String name() {
            return "fixed";
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            asked++;
            assertTrue(legal.contains(action), "asked where its action is legal");
            return action;
        }
    }

    private static BotSpec spec(String label, Strategy bot) {
        StrategyFactory f = new StrategyFactory() {
            @Override
            public String name() {
                return label;
            }

            @Override
            public String description() {
                return "a test bot";
            }

            @Override
            public List<Parameter> parameters() {
                return List.of();
            }

            @Override
            public Strategy create(BotParams params) {
                return bot;
            }
        };
        return new BotSpec(label, f, BotParams.of(f, Map.of()));
    }

    @Test
    void measure_actionThatThrowsAWinAway_countsAsGivingAwayValue_andLosesExactlyItsPoints() {
        // a position of a random-vs-greedy game with 6 cards left where some action changes the outcome
        DistanceStudy probe = new DistanceStudy(settings(List.of(), List.of(6), 1));
        int[] legal = new int[Action.MAX_LEGAL];
        for (int g = 0; g < 40; g++) {
            DistanceStudy.Line line = probe.play(g);
            for (int step : DistanceStudy.decisionsWith(RULES, line.deal(), line.actions(), 6)) {
                GameState s = new GameState(RULES, line.deal());
                for (int k = 0; k < step; k++) {
                    s.apply(line.actions()[k]);
                }
                int sign = s.toMove() == 0 ? 1 : -1;
                int n = s.legalActions(legal);
                int best = 0;
                int worst = 0;
                int[] values = new int[n];
                for (int i = 0; i < n; i++) {
                    // each child solved on its own, not through valueAfter
                    GameState child = s.copy();
                    child.apply(legal[i]);
                    Solver solver = new Solver(RULES, s.layout(), 16);
                    solver.load(child);
                    values[i] = sign * solver.solve();
                    best = values[i] > values[best] ? i : best;
                    worst = values[i] < values[worst] ? i : worst;
                }
                if (Integer.signum(values[worst]) >= Integer.signum(values[best])) {
                    continue;
                }
                Fixed bad = new Fixed(legal[worst]);
                Fixed good = new Fixed(legal[best]);
                DistanceStudy study = new DistanceStudy(settings(List.of(spec("bad", bad), spec("good", good)), List.of(6), 1));
                DistanceStudy.Position p = study.measure(g, line, step, 5);
                assertEquals(1, bad.asked, "the bot is asked once, at the position");
                assertEquals(1, good.asked);
                assertEquals(Integer.signum(values[best]), p.outcome());
                assertEquals(Integer.signum(values[worst]), p.choices().get(0).outcome());
                DistanceResult r = DistanceResult.of(study.settingsForTest(),
                        List.of(new DistanceStudy.Unit(line.record(), List.of(p), List.of())));
                DistanceResult.Cell badCell = r.cell("bad", 6);
                assertEquals(1, badCell.decisions());
                assertEquals(1, badCell.givesAway(), "a win (or draw) played away counts");
                assertEquals(RootValues.margin(values[best]) - RootValues.margin(values[worst]), badCell.pointsLost());
                DistanceResult.Cell goodCell = r.cell("good", 6);
                assertEquals(0, goodCell.givesAway());
                assertEquals(0.0, goodCell.pointsLost());
                assertEquals(1, goodCell.optimal());
                // n = 1: no interval pretends to more than one decision tells
                assertTrue(goodCell.pointsLostInterval().high() > 0 && badCell.shareInterval().low() < 0.5);
                return;
            }
        }
        throw new AssertionError("no position where an action gives away value in 40 games");
    }

    @Test
    void units_storedAndReadBack_giveTheSameResult_answerFirst() {
        Bots registry = Bots.standard();
        List<BotSpec> bots = List.of(registry.parse("greedy"), registry.parse("ismcts-mast-2p:iterations=30"),
                registry.parse("pimc:samples=2,iterations=30"));
        DistanceStudy.Settings s = settings(bots, List.of(4, 6), 3);
        List<DistanceStudy.Unit> units = new java.util.ArrayList<>();
        java.util.SortedMap<Long, String> measures = new java.util.TreeMap<>();
        for (int g = 0; g < 3; g++) {
            DistanceStudy.Unit u = new DistanceStudy(s).unit(g);
            units.add(u);
            measures.put((long) g, DistanceUnits.toJson(u));
        }
        DistanceResult one = DistanceResult.of(s, units);
        DistanceResult stored = DistanceResult.of(s.seed(), one.rules(), one.deck(), one.bots(), one.lineup(), s.cards(),
                s.outcomeOnly(), measures);
        assertEquals(one.positions(), stored.positions(), "a unit's measure keeps every position and choice");
        assertEquals(one.missing(), stored.missing());
        assertEquals(one.statisticsJson(), stored.statisticsJson());
        assertEquals(6, one.positionsWith(DistanceResult.ALL) + one.missing().stream().mapToInt(Integer::intValue).sum());
        // the answer first, then the tables it rests on; every bot in it once
        String text = one.text();
        String answer = text.lines().toList().get(2);
        assertTrue(answer.startsWith("how close to perfect play are the bots? ") && text.indexOf(answer)
                < text.indexOf("**Decisions that give away game value**"), text);
        for (String b : one.bots()) {
            assertEquals(1, answer.split(java.util.regex.Pattern.quote(b + " gives away"), -1).length - 1, answer);
        }
    }

    @Test
    void cell_noDecisions_printsNoStatistic() {
        DistanceResult r = DistanceResult.of(settings(List.of(Bots.standard().parse("greedy")), List.of(4), 0), List.of());
        DistanceResult.Cell c = r.cell("greedy", 4);
        assertEquals(0, c.decisions());
        assertEquals("–", DistanceResult.share(c));
        assertEquals("–", DistanceResult.points(c));
    }

    /**
     * Win/draw/loss alone gives the same share of decisions that give away game value as the exact
     * margins, position by position, at a fraction of the cost; the points lost are then not
     * measured (said, not zero), and the unit's stored form keeps it so.
     */
    @Test
    void outcomeOnly_givesTheExactShare_withoutPoints() {
        Bots registry = Bots.standard();
        List<BotSpec> bots = List.of(registry.parse("random"), registry.parse("greedy"));
        DistanceStudy.Settings exact = settings(bots, List.of(4, 6), 6);
        DistanceStudy.Settings wdl = new DistanceStudy.Settings(bots, exact.lineup(), 6, List.of(4, 6), exact.seed(), RULES,
                Deck.standard(), List.of(6));
        List<DistanceStudy.Unit> exactUnits = new java.util.ArrayList<>();
        List<DistanceStudy.Unit> wdlUnits = new java.util.ArrayList<>();
        java.util.SortedMap<Long, String> measures = new java.util.TreeMap<>();
        for (int g = 0; g < 6; g++) {
            exactUnits.add(new DistanceStudy(exact).unit(g));
            DistanceStudy.Unit u = new DistanceStudy(wdl).unit(g);
            wdlUnits.add(u);
            measures.put((long) g, DistanceUnits.toJson(u));
        }
        DistanceResult e = DistanceResult.of(exact, exactUnits);
        DistanceResult w = DistanceResult.of(wdl, wdlUnits);
        long compared = 0;
        for (int i = 0; i < e.positions().size(); i++) {
            DistanceStudy.Position a = e.positions().get(i);
            DistanceStudy.Position b = w.positions().get(i);
            assertEquals(List.of(a.game(), a.step(), a.outcome(), a.worstOutcome()),
                    List.of(b.game(), b.step(), b.outcome(), b.worstOutcome()), "the same position, the same outcomes");
            for (int k = 0; k < bots.size(); k++) {
                assertEquals(a.choices().get(k).action(), b.choices().get(k).action());
                assertEquals(a.choices().get(k).outcome(), b.choices().get(k).outcome());
            }
            assertEquals(a.cards() == 4, b.exact(), "exact at 4 cards, win/draw/loss alone at 6");
            compared += a.cards() == 6 ? 1 : 0;
        }
        assertTrue(compared >= 4, "positions at 6 cards compared: " + compared);
        for (String bot : e.bots()) {
            for (int c : List.of(4, 6, DistanceResult.ALL)) {
                assertEquals(e.cell(bot, c).givesAway(), w.cell(bot, c).givesAway(), bot + " at " + c);
                assertEquals(e.cell(bot, c).critical(), w.cell(bot, c).critical(), bot + " at " + c);
            }
            assertEquals(0, w.cell(bot, 6).measured());
            assertEquals("not measured", DistanceResult.points(w.cell(bot, 6)));
            // pooled points lost are those of the exact numbers of cards alone
            assertEquals(e.cell(bot, 4).pointsLost(), w.cell(bot, DistanceResult.ALL).pointsLost(), 1e-12);
        }
        assertEquals(List.of(6), w.outcomeOnlyCards());
        assertEquals("", w.partialNote("f.json"), "a finished run is not partial");
        String partial = w.withPlanned(8).partialNote("f.json");
        assertTrue(partial.contains("6 of the 8 lineup games") && partial.contains("--resume f.json"), partial);
        assertTrue(w.tables().contains("not measured at 6 cards"), w.tables());
        assertTrue(w.positionsLine().contains("6 cards (win/draw/loss only)"), w.positionsLine());
        DistanceResult stored = DistanceResult.of(wdl.seed(), w.rules(), w.deck(), w.bots(), w.lineup(), wdl.cards(),
                wdl.outcomeOnly(), measures);
        assertEquals(w.positions(), stored.positions(), "an outcome-only position is stored without margins");
        String unit0 = measures.get(0L);
        assertEquals(wdlUnits.get(0).positions().stream().filter(DistanceStudy.Position::exact).count(),
                (unit0.length() - unit0.replace("\"best\"", "").length()) / "\"best\"".length(),
                "only the exact positions have a best margin: " + unit0);
        // a stored unit read as exact where it was outcome-only is refused, naming the field
        IllegalArgumentException x = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> DistanceResult.of(wdl.seed(), w.rules(), w.deck(), w.bots(), w.lineup(), wdl.cards(), List.of(),
                        measures));
        assertTrue(x.getMessage().contains("a choice"), x.getMessage());
    }

    @Test
    void cardsProblem_saysWhatIsWrong() {
        assertEquals(null, DistanceStudy.cardsProblem(List.of(4, 12, 14, 16), List.of(14, 16)));
        assertTrue(DistanceStudy.cardsProblem(List.of(14), List.of()).contains("--outcome-only 14"));
        assertTrue(DistanceStudy.cardsProblem(List.of(4), List.of(6)).startsWith("--outcome-only: 6 is not one of --cards"));
        assertTrue(DistanceStudy.cardsProblem(List.of(18), List.of(18)).startsWith("--cards: 18 is not between 1 and 16"));
        assertTrue(DistanceStudy.cardsProblem(List.of(14), List.of(14, 14)).contains("once"));
    }
}
