package richelieu.env;

import richelieu.engine.Deal;
import richelieu.engine.Layout;
import richelieu.engine.Rules;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * A game's state as bytes ({@code save_state} / {@code restore_state} in Python): not the
 * engine's fields, which change with its optimisations, but what makes the state again exactly,
 * bots included: the deal, the bots' random streams (by master seed and unit), how many of the
 * first actions were given as they are (a position started from a record or a list), every
 * action of the game, and each determinization (seat and seed, at which action count). Restoring
 * starts the deal with those actions and replays the rest through the game driver, so a bot
 * plays on exactly as it did.
 *
 * <p>Layout (big-endian): magic "RSTA", version, players, variant, agent seats (bit mask), the
 * deck's fingerprint, the deal (seed, the card at each position, the token on each place), the
 * streams' master and unit, the game number and master seed shown, the count of given actions,
 * the actions, the determinizations; then a CRC-32 of all that. A blob that is truncated, tampered
 * with, of another version, or of a game of other rules, players or seats is refused with one line.
 */
record EnvState(Deal deal, long streamMaster, long streamUnit, long number, long master, int given, int[] actions,
                List<long[]> determinizations) {
    private static final int MAGIC = 0x52535441; // "RSTA"
    private static final int VERSION = 1;
    private static final int MAX_ACTIONS = 1 << 16;

    /** A fingerprint of a deck's cards (not its name) that is the same in every JVM. */
    static int fingerprint(richelieu.engine.Deck deck) {
        CRC32 c = new CRC32();
        for (richelieu.engine.Card card : deck.cards()) {
            c.update(richelieu.engine.Deck.cardJson(card).toString().getBytes(StandardCharsets.UTF_8));
        }
        return (int) c.getValue();
    }

    byte[] toBytes(Rules rules, int agentMask, int deckPrint) {
        int size = 4 + 4 + 1 + 1 + 1 + 4 + 8 + Layout.POSITIONS + Layout.TOKEN_PLACES + 8 * 4 + 4 + 4 + 4 * actions.length
                + 4 + 20 * determinizations.size() + 4;
        ByteBuffer b = ByteBuffer.allocate(size);
        b.putInt(MAGIC).putInt(VERSION);
        b.put((byte) rules.players()).put((byte) rules.variant().ordinal()).put((byte) agentMask);
        b.putInt(deckPrint);
        b.putLong(deal.seed());
        for (int i = 0; i < Layout.POSITIONS; i++) {
            b.put((byte) deal.layout().cardAt(i));
        }
        for (int i = 0; i < Layout.TOKEN_PLACES; i++) {
            b.put((byte) deal.placeToken(i));
        }
        b.putLong(streamMaster).putLong(streamUnit).putLong(number).putLong(master);
        b.putInt(given).putInt(actions.length);
        for (int a : actions) {
            b.putInt(a);
        }
        b.putInt(determinizations.size());
        for (long[] d : determinizations) {
            b.putInt((int) d[0]).putInt((int) d[1]).putLong(d[2]).putInt(0);
        }
        CRC32 c = new CRC32();
        c.update(b.array(), 0, size - 4);
        b.putInt((int) c.getValue());
        return b.array();
    }

    /**
     * The state of {@code blob}, checked against the environment's game (rules, seats, deck).
     *
     * @throws IllegalArgumentException one line saying what is wrong with the blob
     */
    static EnvState parse(byte[] blob, EnvSetup setup, int agentMask) {
        if (blob == null || blob.length < 12) {
            throw new IllegalArgumentException("blob is not a saved state (too short: " + (blob == null ? 0 : blob.length)
                    + " bytes)");
        }
        ByteBuffer b = ByteBuffer.wrap(blob);
        if (b.getInt() != MAGIC) {
            throw new IllegalArgumentException("blob is not a saved state of a Richelieu environment");
        }
        int version = b.getInt();
        if (version != VERSION) {
            throw new IllegalArgumentException("blob is a saved state of version " + version + ", this package reads "
                    + VERSION);
        }
        CRC32 c = new CRC32();
        c.update(blob, 0, blob.length - 4);
        if (ByteBuffer.wrap(blob, blob.length - 4, 4).getInt() != (int) c.getValue()) {
            throw new IllegalArgumentException("blob is damaged: truncated or changed (its checksum does not match)");
        }
        try {
            Rules rules = setup.rules();
            int players = b.get();
            int variant = b.get();
            int agents = b.get();
            if (players != rules.players()) {
                throw new IllegalArgumentException("blob is a state of a " + players + "-player game, this environment plays "
                        + rules.players());
            }
            if (variant != rules.variant().ordinal()) {
                throw new IllegalArgumentException("blob is a state of the " + Rules.Variant.values()[variant]
                        + " variant, this environment plays " + rules.variant());
            }
            if (agents != agentMask) {
                throw new IllegalArgumentException("blob is a state of an environment with other agent seats (bit mask "
                        + agents + ", here " + agentMask + ")");
            }
            if (b.getInt() != fingerprint(setup.deck())) {
                throw new IllegalArgumentException("blob is a state of a game with another deck");
            }
            long seed = b.getLong();
            int[] cardAt = new int[Layout.POSITIONS];
            for (int i = 0; i < cardAt.length; i++) {
                cardAt[i] = b.get();
            }
            int[] tokens = new int[Layout.TOKEN_PLACES];
            for (int i = 0; i < tokens.length; i++) {
                tokens[i] = b.get();
            }
            Deal deal = new Deal(seed, new Layout(setup.deck(), cardAt), tokens);
            long streamMaster = b.getLong();
            long streamUnit = b.getLong();
            long number = b.getLong();
            long master = b.getLong();
            int given = b.getInt();
            int n = b.getInt();
            if (n < 0 || n > MAX_ACTIONS || given < 0 || given > n) {
                throw new IllegalArgumentException("blob is damaged (" + n + " actions)");
            }
            int[] actions = new int[n];
            for (int i = 0; i < n; i++) {
                actions[i] = b.getInt();
            }
            int k = b.getInt();
            if (k < 0 || k > n + 1) {
                throw new IllegalArgumentException("blob is damaged (" + k + " determinizations)");
            }
            List<long[]> dets = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                long at = b.getInt();
                long seat = b.getInt();
                long s = b.getLong();
                b.getInt();
                dets.add(new long[]{at, seat, s});
            }
            if (b.remaining() != 4) {
                throw new IllegalArgumentException("blob is damaged (" + (b.remaining() - 4) + " bytes too many)");
            }
            return new EnvState(deal, streamMaster, streamUnit, number, master, given, actions, dets);
        } catch (BufferUnderflowException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("blob is damaged (it ends too early)");
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("blob")) {
                throw e;
            }
            throw new IllegalArgumentException("blob is damaged (" + e.getMessage() + ")");
        }
    }
}
