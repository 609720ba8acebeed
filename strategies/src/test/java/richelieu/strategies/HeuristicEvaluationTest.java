package richelieu.strategies;

import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Rules;
import richelieu.engine.SplitMix;
import richelieu.engine.solver.OpenGame;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The open-game evaluation against {@code heuristic}'s own, position by position of random games. */
class HeuristicEvaluationTest {
    @Test
    void evaluate_everyPositionOfRandomGames_equalsTheHeuristicsJudgement() {
        int[] buf = new int[Action.MAX_LEGAL];
        int compared = 0;
        for (Rules rules : new Rules[]{Rules.standard(2), Rules.standard(2).withVariant(Rules.Variant.THREE_ROW)}) {
            HeuristicStrategy.Weights tuned = ShippedBots.HeuristicFactory.weights(
                    BotParams.of(new ShippedBots.HeuristicFactory(), Presets.named("heuristic-2p").values()));
            for (HeuristicStrategy.Weights w : new HeuristicStrategy.Weights[]{HeuristicStrategy.Weights.DEFAULT, tuned}) {
                HeuristicStrategy heuristic = new HeuristicStrategy(w, "h");
                for (int g = 0; g < 20; g++) {
                    Deal deal = Deal.generate(Deck.standard(), SplitMix.mix64(g + 99));
                    GameState s = new GameState(rules, deal);
                    HeuristicEvaluation evaluation = new HeuristicEvaluation(w, rules, deal.layout());
                    OpenGame open = new OpenGame(rules, deal.layout(), 1);
                    SplittableRandom rng = new SplittableRandom(g);
                    while (!s.isOver()) {
                        open.load(s);
                        double expected = heuristic.evaluate(s, 0) * OpenGame.SCALE;
                        assertEquals(expected, evaluation.evaluate(open, 0), 0.5 + 1e-6 * Math.abs(expected),
                                "game " + g + ", turn " + s.turn());
                        assertEquals(heuristic.evaluate(s, 0), evaluation.difference(s), 1e-9,
                                "game " + g + ", turn " + s.turn() + ": from the state");
                        compared++;
                        s.play(buf[rng.nextInt(s.legalActions(buf))]);
                    }
                }
            }
        }
        assertTrue(compared > 5_000, compared + " positions");
    }

    @Test
    void terms_everyPositionOfRandomGames_sumToTheDifferenceFromEachSeat() {
        int[] buf = new int[Action.MAX_LEGAL];
        float[] terms = new float[HeuristicEvaluation.TERMS];
        int compared = 0;
        boolean sawSpots = false;
        for (Rules rules : new Rules[]{Rules.standard(2), Rules.standard(2).withVariant(Rules.Variant.THREE_ROW)}) {
            for (int g = 0; g < 10; g++) {
                Deal deal = Deal.generate(Deck.standard(), SplitMix.mix64(g + 7));
                GameState s = new GameState(rules, deal);
                HeuristicEvaluation evaluation = new HeuristicEvaluation(HeuristicStrategy.Weights.DEFAULT, rules,
                        deal.layout());
                SplittableRandom rng = new SplittableRandom(g);
                while (!s.isOver()) {
                    double d = evaluation.difference(s);
                    for (int seat = 0; seat < 2; seat++) {
                        assertEquals(seat == 0 ? d : -d, evaluation.terms(s, seat, terms, 0), 0, "its return");
                        double sum = 0;
                        for (int k = 0; k < HeuristicEvaluation.SEAT_TERMS; k++) {
                            sum += terms[k] - terms[HeuristicEvaluation.SEAT_TERMS + k];
                            sawSpots |= k % 3 == 2 && k < HeuristicEvaluation.SEAT_TERMS - 2 && terms[k] != 0;
                        }
                        assertEquals(seat == 0 ? d : -d, sum, 1e-4 * (1 + Math.abs(d)),
                                "game " + g + ", turn " + s.turn() + ", seat " + seat);
                    }
                    assertEquals(d, evaluation.difference(s), 0, "asking for the terms changes nothing");
                    compared++;
                    s.play(buf[rng.nextInt(s.legalActions(buf))]);
                }
            }
        }
        assertTrue(compared > 1_500, compared + " positions");
        assertTrue(sawSpots, "some marker lies on a category's card");
    }
}
