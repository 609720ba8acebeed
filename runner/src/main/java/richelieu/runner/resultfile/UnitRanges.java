package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A set of units as sorted, disjoint, non-adjacent half-open ranges {@code [from, to)}: which
 * units a result file holds. A run interrupted after its prefix holds one range; merged shards
 * may hold several with gaps between them, which a resume then plays.
 */
public final class UnitRanges {
    private static final UnitRanges EMPTY = new UnitRanges(new long[0]);
    /** from0, to0, from1, to1, …: sorted, from < to, to_i < from_{i+1}. */
    private final long[] bounds;

    private UnitRanges(long[] bounds) {
        this.bounds = bounds;
    }

    public static UnitRanges empty() {
        return EMPTY;
    }

    /** Units {@code [from, to)} (empty when {@code from == to}). */
    public static UnitRanges of(long from, long to) {
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("bad unit range [" + from + ", " + to + ")");
        }
        return from == to ? EMPTY : new UnitRanges(new long[]{from, to});
    }

    /** The number of ranges. */
    public int size() {
        return bounds.length / 2;
    }

    public long from(int i) {
        return bounds[2 * i];
    }

    public long to(int i) {
        return bounds[2 * i + 1];
    }

    public boolean isEmpty() {
        return bounds.length == 0;
    }

    /** How many units. */
    public long count() {
        long n = 0;
        for (int i = 0; i < size(); i++) {
            n += to(i) - from(i);
        }
        return n;
    }

    /** How many units {@code u} with {@code u % modulus == residue} (e.g. the units of one lineup). */
    public long count(long modulus, long residue) {
        long n = 0;
        for (int i = 0; i < size(); i++) {
            n += below(to(i), modulus, residue) - below(from(i), modulus, residue);
        }
        return n;
    }

    /** Units u in [0, x) with u % m == r. */
    private static long below(long x, long m, long r) {
        return x / m + (x % m > r ? 1 : 0);
    }

    /** True when this is exactly {@code [from, to)} (one range), or empty and {@code from == to}. */
    public boolean isPrefixOf(long from, long to) {
        return from == to ? isEmpty() : size() == 1 && from(0) == from && to(0) == to;
    }

    /** The smallest unit held, or {@code fallback} when empty. */
    public long first(long fallback) {
        return isEmpty() ? fallback : from(0);
    }

    /** The end of the last range, or {@code fallback} when empty. */
    public long end(long fallback) {
        return isEmpty() ? fallback : to(size() - 1);
    }

    /** True when every unit lies in {@code [from, to)}. */
    public boolean within(long from, long to) {
        return isEmpty() || (from(0) >= from && end(0) <= to);
    }

    /** The union; an {@link IllegalArgumentException} naming the units held twice if they overlap. */
    public UnitRanges union(UnitRanges o) {
        List<long[]> all = new ArrayList<>();
        for (UnitRanges r : List.of(this, o)) {
            for (int i = 0; i < r.size(); i++) {
                all.add(new long[]{r.from(i), r.to(i)});
            }
        }
        all.sort((a, b) -> Long.compare(a[0], b[0]));
        List<Long> out = new ArrayList<>();
        for (long[] r : all) {
            int last = out.size() - 1;
            if (last > 0 && r[0] < out.get(last)) {
                throw new IllegalArgumentException("units " + r[0] + ".." + (Math.min(r[1], out.get(last)) - 1)
                        + " appear twice");
            }
            if (last > 0 && r[0] == out.get(last)) {
                out.set(last, r[1]);
            } else {
                out.add(r[0]);
                out.add(r[1]);
            }
        }
        long[] b = new long[out.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = out.get(i);
        }
        return new UnitRanges(b);
    }

    /** The units of {@code [from, to)} not held here, in order. */
    public UnitRanges missing(long from, long to) {
        List<Long> out = new ArrayList<>();
        long at = from;
        for (int i = 0; i < size() && at < to; i++) {
            if (from(i) > at) {
                out.add(at);
                out.add(Math.min(from(i), to));
            }
            at = Math.max(at, to(i));
        }
        if (at < to) {
            out.add(at);
            out.add(to);
        }
        long[] b = new long[out.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = out.get(i);
        }
        return new UnitRanges(b);
    }

    public ArrayNode toJson(ObjectMapper m) {
        ArrayNode a = m.createArrayNode();
        for (int i = 0; i < size(); i++) {
            a.addArray().add(from(i)).add(to(i));
        }
        return a;
    }

    /** Reads {@code [[from, to], …]}, checked: integers, increasing, disjoint, within {@code [0, units]}. */
    public static UnitRanges fromJson(JsonNode n, String path, long units) {
        if (n == null || !n.isArray()) {
            throw new IllegalArgumentException(path + ": must be an array of [from, to] unit ranges");
        }
        long[] b = new long[n.size() * 2];
        for (int i = 0; i < n.size(); i++) {
            JsonNode r = n.get(i);
            if (!r.isArray() || r.size() != 2) {
                throw new IllegalArgumentException(path + "[" + i + "]: must be [from, to]");
            }
            b[2 * i] = TallySchema.count(r.get(0), path + "[" + i + "][0]", false);
            b[2 * i + 1] = TallySchema.count(r.get(1), path + "[" + i + "][1]", false);
            long prevEnd = i == 0 ? -1 : b[2 * i - 1];
            if (b[2 * i] >= b[2 * i + 1] || b[2 * i] <= prevEnd || b[2 * i + 1] > units) {
                throw new IllegalArgumentException(path + ": ranges must be non-empty, increasing, apart, and within the "
                        + units + " units of the run");
            }
        }
        return new UnitRanges(b);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UnitRanges r && java.util.Arrays.equals(bounds, r.bounds);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(bounds);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(from(i)).append("..").append(to(i) - 1);
        }
        return sb.length() == 0 ? "none" : sb.toString();
    }
}
