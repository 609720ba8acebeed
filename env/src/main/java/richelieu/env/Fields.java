package richelieu.env;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The arrays an environment shares with Python, laid out in one direct buffer: each field is
 * {@code rows × width} values of one numpy dtype, starting at a 64-byte boundary. This is the
 * one place the layout is written down; Python reads it ({@link #names}, {@link #dtypes},
 * {@link #offsets}, {@link #widths}) and makes a numpy view of each field, so nothing is copied
 * by hand on either side.
 */
public final class Fields {
    private static final int ALIGN = 64;
    /** The most bytes one direct buffer holds (its capacity is an int), less the alignment Python adds. */
    static final long MAX_BYTES = Integer.MAX_VALUE - ALIGN;

    private final int rows;
    private final List<String> names = new ArrayList<>();
    private final List<String> dtypes = new ArrayList<>();
    private final List<Integer> offsets = new ArrayList<>();
    private final List<Integer> widths = new ArrayList<>();
    /** Counted in longs, so a layout too large for one buffer is seen ({@link #fits}) rather than wrapping. */
    private long bytes;

    /** An empty layout for {@code rows} environments. */
    Fields(int rows) {
        this.rows = rows;
    }

    /** Adds a field of {@code width} values of {@code itemBytes} bytes per row and returns its byte offset. */
    int add(String name, String dtype, int itemBytes, int width) {
        long at = (bytes + ALIGN - 1) / ALIGN * ALIGN;
        names.add(name);
        dtypes.add(dtype);
        offsets.add((int) Math.min(at, Integer.MAX_VALUE));
        widths.add(width);
        bytes = at + (long) rows * width * itemBytes;
        return (int) Math.min(at, Integer.MAX_VALUE);
    }

    /** True when the fields fit one direct buffer ({@link #MAX_BYTES}); only then are the offsets and {@link #bytes} true. */
    boolean fits() {
        return bytes <= MAX_BYTES;
    }

    /** Bytes of the whole layout, however large. */
    long totalBytes() {
        return bytes;
    }

    /**
     * {@code buffer} in the machine's byte order, after checking that it can hold these fields:
     * direct (Python's numpy memory, which Java writes in place), of at least {@link #bytes}.
     */
    ByteBuffer check(ByteBuffer buffer) {
        if (!buffer.isDirect() || buffer.capacity() < bytes) {
            throw new IllegalArgumentException("the buffer must be direct, of at least " + bytes + " bytes");
        }
        return buffer.order(ByteOrder.nativeOrder());
    }

    /** The byte offset of the field {@code name}. */
    public int offset(String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no field " + name);
        }
        return offsets.get(i);
    }

    /** Rows: the number of environments. */
    public int rows() {
        return rows;
    }

    /** Bytes of the whole buffer. */
    public int bytes() {
        if (!fits()) {
            throw new IllegalStateException(bytes + " bytes do not fit one buffer");
        }
        return (int) bytes;
    }

    public String[] names() {
        return names.toArray(new String[0]);
    }

    /** numpy dtype names: "int32", "float32", "uint8", "int8", "int64". */
    public String[] dtypes() {
        return dtypes.toArray(new String[0]);
    }

    public int[] offsets() {
        return offsets.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Values per row of each field. */
    public int[] widths() {
        return widths.stream().mapToInt(Integer::intValue).toArray();
    }
}
