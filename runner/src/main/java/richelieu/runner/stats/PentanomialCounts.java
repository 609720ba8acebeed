package richelieu.runner.stats;

/**
 * Counts of game-pair outcomes. Each deal is played twice with the seats swapped; the pair score of
 * the player whose point of view is taken is 0, ½, 1, 3/2 or 2 points. The five counts are, in
 * fishtest's order ("Ptnml(0-2)"):
 *
 * @param ll      pair score 0: lost both games (LL)
 * @param ld      pair score ½: one loss and one draw (LD or DL)
 * @param wlOrDd  pair score 1: one win and one loss, or two draws (WL, LW, DD)
 * @param wd      pair score 3/2: one win and one draw (WD or DW)
 * @param ww      pair score 2: won both games (WW)
 */
public record PentanomialCounts(long ll, long ld, long wlOrDd, long wd, long ww) {

    public PentanomialCounts {
        StatMath.nonNegative("ll", ll);
        StatMath.nonNegative("ld", ld);
        StatMath.nonNegative("wlOrDd", wlOrDd);
        StatMath.nonNegative("wd", wd);
        StatMath.nonNegative("ww", ww);
        Math.multiplyExact(2L, Math.addExact(Math.addExact(Math.addExact(ll, ld), Math.addExact(wlOrDd, wd)), ww));
    }

    /**
     * Builds counts from an array {@code [LL, LD, WL+DD, WD, WW]} indexed by the pair score in
     * half-points.
     */
    public static PentanomialCounts of(long[] byHalfPoints) {
        if (byHalfPoints.length != 5) {
            throw new IllegalArgumentException("need 5 pentanomial counts, got " + byHalfPoints.length);
        }
        return new PentanomialCounts(byHalfPoints[0], byHalfPoints[1], byHalfPoints[2], byHalfPoints[3],
                byHalfPoints[4]);
    }

    /** Number of game pairs. */
    public long pairs() {
        return ll + ld + wlOrDd + wd + ww;
    }

    /** Number of games, {@code 2 · pairs()}. */
    public long games() {
        return 2 * pairs();
    }

    /** Count of pairs whose score is {@code halfPoints / 2} points, {@code 0 <= halfPoints <= 4}. */
    public long count(int halfPoints) {
        return switch (halfPoints) {
            case 0 -> ll;
            case 1 -> ld;
            case 2 -> wlOrDd;
            case 3 -> wd;
            case 4 -> ww;
            default -> throw new IllegalArgumentException("pair score must be 0..4 half-points, got " + halfPoints);
        };
    }

    /** Points scored over all pairs, in half-points: {@code Σ k · count(k)}. */
    public long halfPoints() {
        return ld + 2 * wlOrDd + 3 * wd + 4 * ww;
    }

    /** The same pairs seen from the opponent's side (pair score {@code s} becomes {@code 2 - s}). */
    public PentanomialCounts mirrored() {
        return new PentanomialCounts(ww, wd, wlOrDd, ld, ll);
    }

    /** Frequencies lowest score first, {@code [LL, LD, WL+DD, WD, WW]} (a fresh array). */
    public long[] toArray() {
        return new long[] {ll, ld, wlOrDd, wd, ww};
    }
}
