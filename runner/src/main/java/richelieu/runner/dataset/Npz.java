package richelieu.runner.dataset;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A NumPy {@code .npz} archive, as {@code numpy.load} reads it: a zip of {@code .npy} arrays
 * (format 1.0, little-endian), stored uncompressed so that loading is a copy, with a fixed entry
 * time so that the same arrays give the same bytes.
 */
final class Npz implements AutoCloseable {
    /** 1980-01-01, the first time a zip entry can hold, in local zip time: no clock and no time zone in the file. */
    private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(1980, 1, 1, 0, 0);
    private final ZipOutputStream zip;

    Npz(OutputStream out) {
        this.zip = new ZipOutputStream(out);
    }

    void floats(String name, float[] data, int rows, int cols) throws IOException {
        ByteBuffer b = body(rows * cols * 4);
        b.asFloatBuffer().put(data, 0, rows * cols);
        entry(name, "<f4", "(" + rows + ", " + cols + ")", b.array());
    }

    void floats(String name, float[] data, int rows) throws IOException {
        ByteBuffer b = body(rows * 4);
        b.asFloatBuffer().put(data, 0, rows);
        entry(name, "<f4", "(" + rows + ",)", b.array());
    }

    void ints(String name, int[] data, int rows) throws IOException {
        ByteBuffer b = body(rows * 4);
        b.asIntBuffer().put(data, 0, rows);
        entry(name, "<i4", "(" + rows + ",)", b.array());
    }

    void shorts(String name, short[] data, int rows) throws IOException {
        ByteBuffer b = body(rows * 2);
        b.asShortBuffer().put(data, 0, rows);
        entry(name, "<i2", "(" + rows + ",)", b.array());
    }

    void bytes(String name, byte[] data, int rows) throws IOException {
        byte[] copy = new byte[rows];
        System.arraycopy(data, 0, copy, 0, rows);
        entry(name, "|i1", "(" + rows + ",)", copy);
    }

    private static ByteBuffer body(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** One {@code NAME.npy}: the magic, version 1.0, the header dict padded to 64 bytes, the data. */
    private void entry(String name, String descr, String shape, byte[] data) throws IOException {
        String dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
        int unpadded = 10 + dict.length() + 1;
        String header = dict + " ".repeat((64 - unpadded % 64) % 64) + "\n";
        ByteArrayOutputStream npy = new ByteArrayOutputStream(10 + header.length() + data.length);
        npy.write(new byte[]{(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
        npy.write(header.length() & 0xFF);
        npy.write(header.length() >>> 8);
        npy.writeBytes(header.getBytes(StandardCharsets.US_ASCII));
        npy.writeBytes(data);
        byte[] bytes = npy.toByteArray();
        ZipEntry e = new ZipEntry(name + ".npy");
        e.setMethod(ZipEntry.STORED);
        e.setSize(bytes.length);
        e.setCompressedSize(bytes.length);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        e.setCrc(crc.getValue());
        e.setTimeLocal(ENTRY_TIME);
        zip.putNextEntry(e);
        zip.write(bytes);
        zip.closeEntry();
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }
}
