package richelieu.runner.resultfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Arrays;

/**
 * Counts of integer values (score margins), as a primitive array around 0 that grows when a
 * value falls outside it: adding allocates nothing in steady state, merging is exact.
 */
public final class Histogram implements java.io.Serializable {
    /** Largest |value| read from a file (score margins stay far below it). */
    static final int MAX_READ_VALUE = 100_000;
    private long[] counts = new long[257];
    private int offset = 128; // index of value 0

    public void add(int value) {
        add(value, 1);
    }

    public void add(int value, long n) {
        int i = value + offset;
        if (i < 0 || i >= counts.length) {
            grow(value);
            i = value + offset;
        }
        counts[i] += n;
    }

    private void grow(int value) {
        int need = Math.max(Math.abs(value), counts.length / 2) * 2 + 1;
        long[] bigger = new long[Math.max(need, counts.length * 2 + 1)];
        int newOffset = bigger.length / 2;
        System.arraycopy(counts, 0, bigger, newOffset - offset, counts.length);
        counts = bigger;
        offset = newOffset;
    }

    public void merge(Histogram o) {
        for (int i = 0; i < o.counts.length; i++) {
            if (o.counts[i] != 0) {
                add(i - o.offset, o.counts[i]);
            }
        }
    }

    public long total() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    public long count(int value) {
        int i = value + offset;
        return i < 0 || i >= counts.length ? 0 : counts[i];
    }

    /** The smallest and largest value with a count, or null when empty. */
    public int[] range() {
        int lo = -1;
        int hi = -1;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] != 0) {
                if (lo < 0) {
                    lo = i;
                }
                hi = i;
            }
        }
        return lo < 0 ? null : new int[]{lo - offset, hi - offset};
    }

    /** The value of 1-based rank {@code rank} in ascending order. */
    public int valueAtRank(long rank) {
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank && counts[i] != 0) {
                return i - offset;
            }
        }
        throw new IllegalArgumentException("rank " + rank + " beyond " + seen + " values");
    }

    /** Σ value·count, exactly. */
    public java.math.BigInteger sum() {
        java.math.BigInteger s = java.math.BigInteger.ZERO;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] != 0) {
                s = s.add(java.math.BigInteger.valueOf(i - offset).multiply(java.math.BigInteger.valueOf(counts[i])));
            }
        }
        return s;
    }

    /** Σ value²·count, exactly. */
    public java.math.BigInteger sumOfSquares() {
        java.math.BigInteger s = java.math.BigInteger.ZERO;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] != 0) {
                long v = i - offset;
                s = s.add(java.math.BigInteger.valueOf(v * v).multiply(java.math.BigInteger.valueOf(counts[i])));
            }
        }
        return s;
    }

    /** Values below {@code x} (x may be fractional). */
    public long countBelow(double x) {
        long n = 0;
        for (int i = 0; i < counts.length; i++) {
            if (i - offset < x) {
                n += counts[i];
            }
        }
        return n;
    }

    /** Values above {@code x} (x may be fractional). */
    public long countAbove(double x) {
        long n = 0;
        for (int i = 0; i < counts.length; i++) {
            if (i - offset > x) {
                n += counts[i];
            }
        }
        return n;
    }

    void writeJson(ObjectNode into) {
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] != 0) {
                into.put(Integer.toString(i - offset), counts[i]);
            }
        }
    }

    static Histogram fromJson(JsonNode n) {
        Histogram h = new Histogram();
        n.fields().forEachRemaining(e -> {
            int value = Integer.parseInt(e.getKey());
            if (Math.abs(value) > MAX_READ_VALUE) { // a margin; bounds the array a file can make us allocate
                throw new IllegalArgumentException("histogram value " + value + " is out of range");
            }
            JsonNode c = e.getValue();
            if (!c.canConvertToExactIntegral() || !c.canConvertToLong() || c.asLong() < 0) {
                throw new IllegalArgumentException("histogram count of " + value + " must be a whole number >= 0, not " + c);
            }
            h.add(value, c.asLong());
        });
        return h;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Histogram h)) {
            return false;
        }
        int[] a = range();
        int[] b = h.range();
        if (a == null || b == null) {
            return a == b;
        }
        if (!Arrays.equals(a, b)) {
            return false;
        }
        for (int v = a[0]; v <= a[1]; v++) {
            if (count(v) != h.count(v)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(total());
    }
}
