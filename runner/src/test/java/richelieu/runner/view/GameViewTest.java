package richelieu.runner.view;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.record.GameRecord;
import richelieu.engine.text.ScoreBreakdown;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GameViewTest {

    static Stream<Rules> rules() {
        return Stream.of(Rules.standard(2), Rules.standard(2).withVariant(Rules.Variant.THREE_ROW), Rules.standard(3),
                Rules.standard(4));
    }

    /** A uniformly random game of {@code rules} as a record. */
    static GameRecord randomGame(Rules rules, long seed) {
        Deal deal = Deal.generate(Deck.standard(), seed);
        GameState s = new GameState(rules, deal);
        SplittableRandom rng = new SplittableRandom(seed);
        int[] buf = new int[richelieu.engine.Action.MAX_LEGAL];
        List<Integer> actions = new ArrayList<>();
        while (!s.isOver()) {
            int n = s.legalActions(buf);
            int a = buf[rng.nextInt(n)];
            s.apply(a);
            actions.add(a);
        }
        int[] scores = new int[rules.players()];
        s.scores(scores);
        int[] cards = new int[rules.players()];
        for (int p = 0; p < cards.length; p++) {
            cards[p] = s.cardCount(p);
        }
        List<String> seats = new ArrayList<>();
        for (int p = 0; p < rules.players(); p++) {
            seats.add("random");
        }
        GameResult result = new GameResult(scores, cards, s.winners(scores), s.turn(), -1, null);
        return GameRecord.fromActions(rules, deal, seats, actions.stream().mapToInt(Integer::intValue).toArray(), result);
    }

    @ParameterizedTest
    @MethodSource("rules")
    void breakdown_everyStep_sumsToEngineScoreAndEndsAtRecordedScores(Rules rules) {
        for (long seed = 1; seed <= 20; seed++) {
            GameRecord rec = randomGame(rules, seed);
            GameView v = GameView.of(rec, "t", -1);
            // ScoreBreakdown.of(state) throws if its total differs from GameState.scores at any step
            GameView.Step last = v.steps().get(v.steps().size() - 1);
            assertArrayEquals(rec.result().scores(), last.score().totals());
            assertArrayEquals(rec.result().scores(), v.finalScore().totals());
            assertEquals(rec.result().winners(), v.finalScore().winners());
            assertEquals(-1, last.toMove());
            for (ScoreBreakdown.Category c : v.finalScore().categories()) {
                for (int p = 0; p < rules.players(); p++) {
                    assertTrue(c.majority()[p] == 0 || c.majority()[p] == c.counts()[p], c.name());
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("rules")
    void seatView_showsOnlyWhatTheEngineLetsTheSeatSee_R26(Rules rules) {
        for (long seed = 1; seed <= 10; seed++) {
            GameRecord rec = randomGame(rules, seed);
            int viewer = (int) (seed % rules.players());
            GameView full = GameView.of(rec, "t", -1);
            GameView seen = GameView.of(rec, "t", viewer);
            boolean sawIdentity = false;
            for (GameView.Step s : full.steps()) {
                for (String t : s.tokens()) {
                    sawIdentity |= t != null && !t.equals("?");
                }
            }
            assertTrue(sawIdentity, "the full view reveals face-down tokens");
            for (GameView.Step s : seen.steps()) {
                for (int p = 0; p < Layout.POSITIONS; p++) {
                    assertTrue(s.tokens()[p] == null || s.tokens()[p].equals("?"), "table token identity leaked");
                }
                for (int q = 0; q < rules.players(); q++) {
                    GameView.SeatView sv = s.players().get(q);
                    if (q == viewer) {
                        assertNotNull(sv.tokens());
                        assertEquals(sv.tokenCount(), sv.tokens().size());
                    } else {
                        assertNull(sv.tokens(), "seat " + q + "'s tokens leaked to seat " + viewer);
                    }
                }
            }
            // the public parts agree with the full view at the end
            GameView.Step a = full.steps().get(full.steps().size() - 1);
            GameView.Step b = seen.steps().get(seen.steps().size() - 1);
            assertTrue(Arrays.equals(a.onTable(), b.onTable()) && Arrays.equals(a.markers(), b.markers()));
            assertArrayEquals(rec.result().scores(), seen.finalScore().totals(), "the final score reveals every token");
        }
    }

    @ParameterizedTest
    @MethodSource("rules")
    void html_isSelfContained_noNetworkReference(Rules rules) {
        String html = GameView.of(randomGame(rules, 7), "game </script> & co", -1).toHtml();
        assertFalse(html.contains("http://") || html.contains("https://") || html.contains("<link")
                || html.contains(" src="), "the page must load nothing from anywhere");
        assertFalse(html.contains("/*GAME_DATA*/null"), "the data is inlined");
        assertEquals(1, html.split("</script>", -1).length - 1, "a title cannot close the script element");
        assertTrue(html.contains("game &lt;/script&gt; &amp; co"));
    }

    @ParameterizedTest
    @MethodSource("rules")
    void html_dataWithScriptLikeText_cannotReachTheHtmlParser(Rules rules) {
        // Before: a name holding "<!--<script" put the HTML parser in its "script data double escaped"
        // state and the viewer's script never ran.
        String template = GameView.of(randomGame(rules, 7), "plain", -1).toHtml();
        String html = GameView.of(randomGame(rules, 7), "<!--<script>x</script>-->", -1).toHtml();
        assertEquals(template.split("<!--", -1).length, html.split("<!--", -1).length, "no comment opener from the data");
        assertEquals(template.split("<script", -1).length, html.split("<script", -1).length,
                "no script tag from the data: " + html.length());
        assertTrue(html.contains("\\u003c!--\\u003cscript"), "the data is still there, escaped inside the JSON");
    }
}
