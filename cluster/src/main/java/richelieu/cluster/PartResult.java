package richelieu.cluster;

import richelieu.runner.execution.Chunk;

import java.io.Serializable;
import java.util.List;

/**
 * What one task sends back to the driver: the runner's {@link Chunk}s of its unit range, in
 * unit order, each with its integer tally but without records or CSV rows — those the task wrote
 * to its part files, {@link #games} lines per slice in the same order, so they never travel
 * through the driver's memory all at once.
 *
 * @param index  the partition
 * @param slices the chunks tiling the partition's units, records and CSV left out
 */
record PartResult(int index, List<Chunk> slices) implements Serializable {

    long from() {
        return slices.get(0).from();
    }

    long to() {
        return slices.get(slices.size() - 1).to();
    }
}
