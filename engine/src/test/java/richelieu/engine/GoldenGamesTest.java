package richelieu.engine;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.SplittableRandom;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Golden games: the engine's behaviour pinned byte for byte before its rule facts were
 * refactored, so a refactoring that changes any game shows here. Per rule set, a
 * SHA-256 over
 * <ul>
 * <li>plain-step games (legal set, then a seeded pick, through both {@link GameState#apply} and
 * {@link GameState#play}): every state's public and hidden fields, every legal set, and at
 * every fifth position the {@link GameState#whyIllegal} text of every action shape, each seat's
 * observation, a determinization and a view state per seat;</li>
 * <li>fused playouts ({@link Playouts#randomToEnd}, {@link GameState#playUniformToEnd}) from the
 * start and from mid-turn positions: the actions, the final state and the next draw;</li>
 * <li>games through the driver {@link Game}: all-uniform bots (its fused path), mixed bots (its
 * step path), a listening bot, and a cheater (the forfeit text).</li>
 * </ul>
 * The constants were computed from the engine as of commit 10570c4 (372cc37 for "3p R11 freed
 * not payable", added later: the same engine). A deliberate rule change
 * updates them; nothing else should.
 */
class GoldenGamesTest {
    private static final Map<String, String> GOLDEN = Map.ofEntries(
            entry("2p base",
                    "4a9e3923fd0f72a9dd120d6f587ec44bced45ff7d9f77f8007fb2f78540e3220"),
            entry("2p three-row",
                    "c58983d203f0d85b22fb85917ecc1bd71eb382664bf36a162a0d06d1f2a1ffb0"),
            entry("3p base",
                    "71159c77343d0fd4d991a163e6405c0045ca51723eb11d52eefce01e2de0a6d9"),
            entry("3p three-row",
                    "2d5ef70f1b3c324010435e0a9f9c67be774a58c736221e338b14a8cc18c81fde"),
            entry("4p base",
                    "642368001afc256cc75d278d005364aa5269451fda4a0593061547e84e503576"),
            entry("4p three-row",
                    "dbef07cdd2c1dc958cfe60d6977b00073a1fd8f40b1439c018db2202bad18d52"),
            entry("2p R8 late returns",
                    "96b934d12dcebc050461735c674533aff08e89f8453c75a50eba83dd055cc287"),
            entry("4p R8 late returns",
                    "e6caf7fcd95e83419012901b27dbe216a2292c33b8ff1a6ff4f7a84a211090ea"),
            entry("2p R11 freed not payable",
                    "f3610a75004f1d0979a1cca3f1ba34622f1207eb4e65911d2f815c2dd108f308"),
            entry("3p R11 freed not payable",
                    "e22e2389a9b678ed1386174d2149aae16ba90a3aa398d23ced1be7e2275529ab"),
            entry("3p R11 freed not payable, R8 late returns",
                    "7271f0359f6c4e9f9a38648573866b0895878bedd5c44f22be20f3c702368bfd"));

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void games_fixedSeeds_sameBytesAsBeforeTheRefactoring(String name, Rules rules) {
        Digest d = new Digest();
        int salt = name.hashCode();
        plainGames(rules, salt, d);
        fusedPlayouts(rules, salt, d);
        driverGames(rules, salt, d);
        assertEquals(GOLDEN.get(name), d.hex(), name);
    }

    private static void plainGames(Rules rules, int salt, Digest d) {
        int[] buf = new int[Action.MAX_LEGAL];
        for (int g = 0; g < 6; g++) {
            Deal deal = Deal.generate(Deck.standard(), 1000L * g + salt);
            GameState s = new GameState(rules, deal);
            SplittableRandom rng = new SplittableRandom(31L * g + salt);
            int step = 0;
            while (true) {
                d.str("state").state(s);
                int n = s.legalActions(buf);
                d.str("legal").ints(buf, n);
                if (step % 5 == 0) {
                    probe(s, new SplittableRandom(step * 17L + g), d);
                }
                if (n == 0) {
                    break;
                }
                int a = buf[n == 1 ? 0 : rng.nextInt(n)];
                if ((step & 1) == 0) {
                    s.apply(a);
                } else {
                    s.play(a);
                }
                step++;
            }
            int[] scores = new int[s.players()];
            s.scores(scores);
            d.str("end").ints(scores, scores.length).num(s.winners(scores)).num(s.winners()).num(step);
        }
    }

    /** whyIllegal of every action shape, what each seat sees, and its determinization and view state. */
    private static void probe(GameState s, SplittableRandom rng, Digest d) {
        d.str("why");
        int[] simple = {Action.USE_RETURN, Action.END_RETURNS, Action.STOP, Action.PAY_RESERVE, Action.SKIP,
                Action.PASS, -1, 0, 11 << 12, Action.STOP | 1};
        for (int a : simple) {
            d.str(String.valueOf(s.whyIllegal(a)));
        }
        for (int p = 0; p < Layout.POSITIONS; p++) {
            d.str(String.valueOf(s.whyIllegal(Action.take(p))));
            d.str(String.valueOf(s.whyIllegal(Action.payMarker(p))));
            d.str(String.valueOf(s.whyIllegal(Action.place(p))));
            for (int f = 0; f < Layout.POSITIONS; f += 5) {
                d.str(String.valueOf(s.whyIllegal(Action.move(f, p))));
            }
            for (int q = 0; q < s.players(); q++) {
                for (long m = s.markers(q); m != 0; m &= m - 1) {
                    d.str(String.valueOf(s.whyIllegal(Action.move(Long.numberOfTrailingZeros(m), p))));
                }
            }
        }
        d.num(s.isLegal(Action.PASS) ? 1 : 0);
        for (int v = 0; v < s.players(); v++) {
            Observation o = s.observe(v);
            d.str("obs").observation(o);
            GameState det = o.newState();
            o.determinize(rng, det);
            d.str("det").state(det);
            GameState view = o.newState();
            o.toViewState(view);
            d.str("view").state(view);
        }
    }

    private static void fusedPlayouts(Rules rules, int salt, Digest d) {
        int[] buf = new int[Action.MAX_LEGAL];
        int[] trace = new int[4096];
        for (int g = 0; g < 20; g++) {
            Deal deal = Deal.generate(Deck.standard(), 7000L * g + salt);
            // From the start, one stream for all seats (the playout of search and benchmarks).
            GameState s = new GameState(rules, deal);
            SplittableRandom rng = new SplittableRandom(g + 3L * salt);
            d.str("fused").num(Playouts.randomToEnd(s, rng, buf)).state(s).num(rng.nextInt());
            // From positions mid-game and mid-turn, one stream per seat (the driver's fused path).
            GameState line = new GameState(rules, deal);
            SplittableRandom lineRng = new SplittableRandom(g * 101L + salt);
            for (int step = 0; !line.isOver(); step++) {
                if (step % 23 == 7) {
                    GameState f = line.copy();
                    SplittableRandom[] seats = new SplittableRandom[rules.players()];
                    for (int p = 0; p < seats.length; p++) {
                        seats[p] = new SplittableRandom(step * 7L + p);
                    }
                    int steps = f.playUniformToEnd(seats, trace);
                    d.str("seats").ints(trace, steps).state(f);
                    for (SplittableRandom r : seats) {
                        d.num(r.nextInt());
                    }
                    d.str("uniform").num(line.copy().playUniform(new SplittableRandom(step)));
                }
                int n = line.legalActions(buf);
                line.play(buf[n == 1 ? 0 : lineRng.nextInt(n)]);
            }
        }
    }

    private static void driverGames(Rules rules, int salt, Digest d) {
        Game game = new Game();
        int players = rules.players();
        for (int g = 0; g < 12; g++) {
            Strategy[] bots = new Strategy[players];
            TestBots.Spy spy = null;
            for (int p = 0; p < players; p++) {
                switch (g % 4) {
                    case 0 -> bots[p] = new TestBots.Uniform(true);
                    case 1 -> bots[p] = p == 0 ? new TestBots.Uniform() : new TestBots.Uniform(true);
                    case 2 -> bots[p] = p == players - 1 ? (spy = new TestBots.Spy()) : new TestBots.Uniform(true);
                    default -> bots[p] = p == 1 ? new TestBots.Cheater(g) : new TestBots.Uniform();
                }
            }
            SplittableRandom[] rngs = new SplittableRandom[players];
            for (int p = 0; p < players; p++) {
                rngs[p] = new SplittableRandom(g * 1_000_003L + p + salt);
            }
            GameResult r = game.play(rules, Deal.generate(Deck.standard(), 99L * g + salt), bots, rngs);
            int[] actions = game.lastActions();
            d.str("game").ints(actions, actions.length).ints(r.scores(), players).ints(r.cards(), players)
                    .num(r.winners()).num(r.turns()).num(r.forfeitSeat()).str(String.valueOf(r.forfeit()))
                    .str(String.valueOf(r.failure())).state(game.lastState());
            if (spy != null) {
                d.num(spy.seen.size()).num(spy.askedLegalSizes.hashCode());
            }
        }
    }

    /** SHA-256 over a stream of numbers and strings. */
    private static final class Digest {
        private final MessageDigest sha;

        Digest() {
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new AssertionError(e);
            }
        }

        Digest num(long v) {
            for (int i = 0; i < 8; i++) {
                sha.update((byte) (v >>> (8 * i)));
            }
            return this;
        }

        Digest str(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            num(b.length);
            sha.update(b);
            return this;
        }

        Digest ints(int[] a, int n) {
            num(n);
            for (int i = 0; i < n; i++) {
                num(a[i]);
            }
            return this;
        }

        /** Every field of a state, public and hidden, through the public API. */
        Digest state(GameState s) {
            num(s.table()).num(s.tokenPlaces()).num(s.phase().ordinal()).num(s.toMove()).num(s.turn())
                    .num(s.takenThisTurn()).num(s.firstTaken()).num(s.returnsThisTurn());
            for (int place = 0; place < Layout.TOKEN_PLACES; place++) {
                num(s.placeToken(place));
            }
            for (int p = 0; p < s.players(); p++) {
                num(s.hand(p)).num(s.cardCount(p)).num(s.markers(p)).num(s.reserve(p)).num(s.boxed(p))
                        .num(s.usedReturns(p)).num(s.heldTokens(p)).num(s.tokenCount(p));
            }
            // marked, freed and nonReturnAtLeast are visible through the mover's observation
            Observation o = s.observe(s.toMove());
            num(o.marked()).num(o.freedThisTurn());
            for (int p = 0; p < s.players(); p++) {
                num(o.nonReturnAtLeast(p));
            }
            int[] scores = new int[s.players()];
            s.scores(scores);
            return ints(scores, scores.length);
        }

        Digest observation(Observation o) {
            num(o.seat()).num(o.toMove()).num(o.phase().ordinal()).num(o.turn()).num(o.table()).num(o.marked())
                    .num(o.tokenPlaces()).num(o.ownTokens()).num(o.takenThisTurn()).num(o.firstTaken())
                    .num(o.freedThisTurn()).num(o.returnsThisTurn()).num(o.isOver() ? 1 : 0);
            for (int p = 0; p < o.players(); p++) {
                num(o.hand(p)).num(o.markers(p)).num(o.reserve(p)).num(o.boxed(p)).num(o.tokenCount(p))
                        .num(o.usedReturns(p)).num(o.nonReturnAtLeast(p));
            }
            return this;
        }

        String hex() {
            return HexFormat.of().formatHex(sha.digest());
        }
    }
}
