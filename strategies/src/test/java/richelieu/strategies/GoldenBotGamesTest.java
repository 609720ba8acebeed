package richelieu.strategies;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Golden games of the shipped bots: for each spec, one seeded game per rule set (every player
 * count in both variants, and R8's and R11's documented choices) with that spec in every seat,
 * hashed (SHA-256 over every action and the final scores). The hashes were computed before the
 * search was split into parts and {@code heuristic}'s weights became parameters (those of the
 * presets, the cut-off rollouts, {@code pimc}, {@code paranoid} and {@code maxn} before the search
 * bots shared one skeleton), so any change to the games a spec plays shows here. A spec must keep meaning the bot its results were
 * played with; only a deliberate change of a bot (under a new name) may add a line.
 */
@Tag("slow")
class GoldenBotGamesTest {
    private static final Rules.ReturnTiming LATE = Rules.ReturnTiming.START_AND_AFTER_TAKING;

    private static final List<Rules> RULE_SETS = List.of(
            Rules.standard(2), Rules.standard(2).withVariant(Rules.Variant.THREE_ROW),
            Rules.standard(3), Rules.standard(3).withVariant(Rules.Variant.THREE_ROW),
            Rules.standard(4), Rules.standard(4).withVariant(Rules.Variant.THREE_ROW),
            Rules.standard(2).withReturnTiming(LATE),
            Rules.standard(3).withFreedMarkersPayable(false).withReturnTiming(LATE));

    /** The golden hash of {@code spec} (one of {@link #golden}'s). */
    static String golden(String spec) {
        return golden().filter(g -> g[0].equals(spec)).findFirst().orElseThrow()[1];
    }

    static Stream<String[]> golden() {
        return Stream.of(
                new String[]{"random",
                        "b58f7dffba03ad8a8f00e10d5b02313c1e79369620a018d8624e83f9eb850aa0"},
                new String[]{"greedy",
                        "5c188ca4e45f3a85632d2e432dc9cf9cd6d53d2404d871c475277f0a82cf0588"},
                new String[]{"heuristic",
                        "9a4dd683f200ea41374903a3b8dac923503dca59162c6a59c0c83605bd06a6e7"},
                new String[]{"ismcts:iterations=100",
                        "ba81ee77e3c70142e273402ee300c3f7881bac1c0c1397bad494cc6d48aa2f6d"},
                new String[]{"ismcts:iterations=100,c=1.3",
                        "4077dd73d95df3356042f5b9dd65319b23d94a60897e9d15d64b73e7d2594c73"},
                new String[]{"ismcts2:iterations=100",
                        "e61ecc4e62261836c59480f4c1ecbc0b48d0725bff6475047edc76b1a7db2194"},
                new String[]{"ismcts2:iterations=100,reuse=false,margin=0",
                        "ba81ee77e3c70142e273402ee300c3f7881bac1c0c1397bad494cc6d48aa2f6d"},
                new String[]{"ismcts2:iterations=100,mast=0.5",
                        "45164a29d6edcef4e3272e2000701d86768926a644368de4f365db2e262b61fb"},
                new String[]{"ismcts2:iterations=100,mast=0.5,mastOn=takes",
                        "e780ebb17b94a69c6f2acbff3d68093fb8f34f6f33e79f6ac52a240837834284"},
                new String[]{"ismcts2:iterations=100,mast=0.3,margin=0.5,c=1.1,reuse=false",
                        "4f37fd1c5a074186639a9b3f5dbe285904da896cbe3b2719fb18209f1a4b036d"},
                new String[]{"heuristic-2p",
                        "ab39d6b1b2c536c363a49b9633749c504e0e0aeac6ad39d4230a501c3682a6a8"},
                new String[]{"ismcts-mast-2p:iterations=100",
                        "57fe6f9e5b3b93311c104ffc34e9def65c3b7a69b75f654f6c2694eb9497277b"},
                new String[]{"ismcts-mast-3p:iterations=100",
                        "f98065822ffb35e3d6f671a66f81db09ae2ae19b6739faf0672cc6bb645a4572"},
                new String[]{"ismcts-mast-4p:iterations=100",
                        "d1457eab87d0b3b2351f3ca5fca875f957aaa8c2592cfd733217f10ac199c36e"},
                new String[]{"ismcts-cutoff-3p:iterations=100",
                        "9f7d1936921b310bd9d95281c9078ad3ffe893d8c457f829af5456ea6b4d709d"},
                new String[]{"ismcts-mast:iterations=100,rollout=cutoff",
                        "14a2c6618f5d479312518842936ac604efabb6b61367707e357d0cee678cab66"},
                new String[]{"ismcts-mast:millis=0,iterations=100,stopEarly=true",
                        "03f6e8c5966eef9b1757e6c6dcdee3f94de06b6a960c590a22c0f2d910d732d8"},
                new String[]{"pimc:samples=3,iterations=60,table=14",
                        "7b7b09cb5b3725751076292af9e24d61edd3294d7806405ee387b1ad3efb1b2a"},
                new String[]{"pimc:samples=2,iterations=60,depth=1,exact=6,table=14",
                        "2b393e82d0bc767b93fd280308b524faa8e14f481dab905b5fd0654f36caf144"},
                new String[]{"paranoid:samples=2,depth=2,table=14",
                        "58506d461da2871d6533e5acdf4fe1086b8a0e848c2d6d3b0c31cb6da763af90"},
                new String[]{"maxn:samples=2,depth=2,table=14",
                        "7178fe86b3590715169fb03e82d49acf54c3042f3b5c36606fcab8119dcbc185"});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void spec_fixedSeeds_playsTheGoldenGames(String spec, String hash) {
        assertEquals(hash, gamesHash(spec), spec);
    }

    /**
     * Every spec of a new name plays the games of the old spec it stands for: {@code ismcts-mast}
     * is {@code ismcts2:mast=0.5}, each of its parameters spelled as {@code ismcts2} spells it.
     */
    static Stream<String[]> aliases() {
        return Stream.of(
                new String[]{"ismcts-mast:iterations=100", "ismcts2:iterations=100,mast=0.5"},
                new String[]{"ismcts-mast:iterations=100,mastOn=takes", "ismcts2:iterations=100,mast=0.5,mastOn=takes"},
                new String[]{"ismcts-mast:iterations=100,rollout=random", "ismcts2:iterations=100"},
                new String[]{"ismcts-mast:iterations=100,rollout=random,reuse=false,margin=0",
                        "ismcts2:iterations=100,reuse=false,margin=0"},
                new String[]{"ismcts-mast:iterations=100,epsilon=0.3,margin=0.5,c=1.1,reuse=false",
                        "ismcts2:iterations=100,mast=0.3,margin=0.5,c=1.1,reuse=false"},
                new String[]{"ismcts-mast:iterations=100,reuse=false,margin=0,rollout=random",
                        "ismcts:iterations=100"});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("aliases")
    void newName_fixedSeeds_playsTheGoldenGamesOfTheOldSpec(String spec, String old) {
        assertEquals(golden(old), gamesHash(spec), spec + " is not " + old);
    }

    static Stream<String[]> tunedSearches() {
        return Stream.of(
                new String[]{"ismcts-mast-2p", "c=0.39571,margin=0.90952,epsilon=0.4989"},
                new String[]{"ismcts-mast-tuned-3p", "c=0.4112,margin=0.71305,epsilon=0.3695,marginScale=13.6007"},
                new String[]{"ismcts-mast-3p",
                        "c=0.25532,margin=0.87209,epsilon=0.45976,marginScale=14.5488,mastPrior=2.7914"},
                new String[]{"ismcts-mast-4p",
                        "c=0.24681,margin=0.9407,epsilon=0.51703,marginScale=14.1007,mastPrior=2.1075,stopEarly=true"},
                new String[]{"ismcts-cutoff-3p", "c=0.25532,margin=0.87209,epsilon=0.45976,marginScale=14.5488,"
                        + "mastPrior=2.7914,rollout=cutoff,evalScale=5"});
    }

    /** Each tuned search is {@code ismcts-mast} with the tuned values that results/tune.md gives as a spec. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("tunedSearches")
    void tunedSearch_fixedSeeds_playsTheGamesOfIsmctsMastWithTheTunedValues(String name, String values) {
        assertEquals(gamesHash("ismcts-mast:iterations=100," + values), gamesHash(name + ":iterations=100"));
        assertNotEquals(gamesHash("ismcts-mast:iterations=100"), gamesHash(name + ":iterations=100"),
                "the tuned values change no game");
    }

    /** {@code pimc-2p} is {@code pimc} with the mid-game values that results/pimc-tune/README.md gives as a spec. */
    @Test
    void pimc2p_fixedSeeds_playsTheGamesOfPimcWithTheTunedValues() {
        String budget = ":samples=3,iterations=60,table=14";
        assertEquals(gamesHash("pimc" + budget + ",c=0.335067,margin=0.91057,epsilon=0.60343,cutoff=3,evalScale=22.9146"),
                gamesHash("pimc-2p" + budget));
        assertNotEquals(gamesHash("pimc" + budget), gamesHash("pimc-2p" + budget), "the tuned values change no game");
    }

    /** {@code heuristic-2p} is {@code heuristic} with the tuned weights that results/tune.md gives as a spec. */
    @Test
    void heuristic2p_fixedSeeds_playsTheGamesOfHeuristicWithTheTunedWeights() {
        String tuned = "heuristic:marker=4.29698,cardCost=0.037338,markSpot=0.19214,openSpot=1.0233,lackSpot=0.0455,"
                + "absentDecay=0.672206,stakeLeft=0.47412,leadWeight=0.86098,minChance=0.063524,winBonus=65.962";
        assertEquals(gamesHash(tuned), gamesHash("heuristic-2p"));
        assertNotEquals(gamesHash("heuristic"), gamesHash("heuristic-2p"), "the tuned weights change no game");
    }

    /**
     * Every older spec, as earlier results name bots, plays the games of the spec every output shows
     * in its place ({@link Bots#shippedName}): the old preset names, and {@code ismcts2} with and
     * without MAST.
     */
    static Stream<String> oldSpecs() {
        return Stream.concat(Stream.of("heuristic-tuned", "ismcts-mast-tuned:iterations=100",
                        "ismcts-mast-tuned:iterations=100,c=1.1"),
                golden().map(g -> g[0]).filter(s -> s.startsWith("ismcts2")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oldSpecs")
    void oldSpec_fixedSeeds_playsTheGamesOfItsShippedName(String old) {
        String shipped = Bots.standard().shippedName(old);
        assertNotEquals(old, shipped, old + " has no shipped name");
        assertFalse(Bots.isKept(Bots.standard().parse(shipped).factory()), shipped + " is an old name too");
        boolean pinned = golden().anyMatch(g -> g[0].equals(old));
        assertEquals(pinned ? golden(old) : gamesHash(old), gamesHash(shipped), old + " is not " + shipped);
    }

    /** The hash of the games {@code spec} plays in every seat, one game per rule set. */
    static String gamesHash(String spec) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        BotSpec bot = Bots.standard().parse(spec);
        Game g = new Game();
        for (int r = 0; r < RULE_SETS.size(); r++) {
            Rules rules = RULE_SETS.get(r);
            Strategy[] bots = new Strategy[rules.players()];
            SplittableRandom[] rngs = new SplittableRandom[bots.length];
            for (int p = 0; p < bots.length; p++) {
                bots[p] = bot.newStrategy();
                rngs[p] = new SplittableRandom(1000L * r + p);
            }
            GameResult result = g.play(rules, Deal.generate(Deck.standard(), 77L + r), bots, rngs);
            assertFalse(result.isForfeit(), spec + " " + rules.describe() + ": " + result.failure());
            int[] actions = g.lastActions();
            ByteBuffer b = ByteBuffer.allocate(4 * (actions.length + 2 + bots.length));
            b.putInt(r).putInt(actions.length);
            for (int a : actions) {
                b.putInt(a);
            }
            for (int p = 0; p < bots.length; p++) {
                b.putInt(result.scores()[p]);
            }
            sha.update(b.array());
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
