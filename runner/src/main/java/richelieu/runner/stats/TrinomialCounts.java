package richelieu.runner.stats;

/**
 * Win/draw/loss counts of single games, from the point of view of one player.
 *
 * @param wins   games won (score 1)
 * @param draws  games drawn (score ½)
 * @param losses games lost (score 0)
 */
public record TrinomialCounts(long wins, long draws, long losses) {

    public TrinomialCounts {
        StatMath.nonNegative("wins", wins);
        StatMath.nonNegative("draws", draws);
        StatMath.nonNegative("losses", losses);
        Math.addExact(Math.addExact(wins, draws), losses);
    }

    /** Number of games. */
    public long games() {
        return wins + draws + losses;
    }

    /** Points scored in half-points: {@code 2·wins + draws}. */
    public long halfPoints() {
        return 2 * wins + draws;
    }

    /** Frequencies in fishtest's order, lowest score first: {@code [losses, draws, wins]}. */
    long[] lowToHigh() {
        return new long[] {losses, draws, wins};
    }
}
