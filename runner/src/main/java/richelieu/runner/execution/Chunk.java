package richelieu.runner.execution;

import richelieu.runner.resultfile.Tally;

import java.io.Serializable;

/**
 * The outcome of playing units {@code [from, to)} of a plan: their partial tally and, when the
 * run writes them, their game records and CSV rows (one line per game, each ending in a newline,
 * in unit then game order). Chunks are what a {@link UnitExecutor} hands back, in unit order;
 * serializable, so a cluster can compute them on other machines.
 *
 * @param from        first unit
 * @param to          end of the units (exclusive)
 * @param tally       the counts of these units alone
 * @param records     JSON record lines, or null when records are not written
 * @param csv         CSV rows, or null when no CSV is written
 * @param lastForfeit the message of the last forfeit among these games, or null
 */
public record Chunk(long from, long to, Tally tally, String records, String csv, String lastForfeit)
        implements Serializable {
}
