package richelieu.runner.command;

import richelieu.runner.UserError;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * The lines of a byte stream (a records file, standard input), read with a bound: a line longer
 * than {@code maxBytes} is refused as soon as the bound is passed, never read whole (a file of
 * gigabytes without a newline, or {@code /dev/zero}, costs {@code maxBytes} of memory), and a line
 * is decoded as strict UTF-8 only when it is used, so a bad byte on a line that is skipped does
 * not stop the one asked for. Problems are one-line {@link UserError}s naming the source and the
 * line.
 */
final class LineReader implements Closeable {
    private final InputStream in;
    private final int maxBytes;
    private final String source;
    private byte[] buffer = new byte[256];
    private long number;

    LineReader(InputStream in, int maxBytes, String source) {
        this.in = in instanceof BufferedInputStream ? in : new BufferedInputStream(in, 1 << 16);
        this.maxBytes = maxBytes;
        this.source = source;
    }

    /** The number of the line last read, from 1. */
    long number() {
        return number;
    }

    /**
     * The bytes of the next line, without its {@code \n} (and a {@code \r} before it), or null at
     * the end of the stream; a last line without a newline counts.
     */
    byte[] nextBytes() throws IOException {
        int length = 0;
        int b;
        boolean any = false;
        while ((b = in.read()) >= 0) {
            any = true;
            if (b == '\n') {
                break;
            }
            if (length == maxBytes) {
                throw new UserError(where(number + 1) + ": longer than " + String.format(Locale.ROOT, "%,d", maxBytes)
                        + " bytes; refused at the limit");
            }
            if (length == buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.min(maxBytes, 2 * buffer.length));
            }
            buffer[length++] = (byte) b;
        }
        if (!any) {
            return null;
        }
        number++;
        if (length > 0 && buffer[length - 1] == '\r') {
            length--;
        }
        return Arrays.copyOf(buffer, length);
    }

    /** The next line as text, or null at the end; bytes that are not UTF-8 are refused. */
    String next() throws IOException {
        byte[] line = nextBytes();
        return line == null ? null : text(line);
    }

    /** The line's bytes as strict UTF-8 text. */
    String text(byte[] line) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(line)).toString();
        } catch (CharacterCodingException e) {
            throw new UserError(where(number) + ": not UTF-8 text");
        }
    }

    /** True if the line holds only ASCII white space. */
    static boolean blank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\f' && b != 0x0B) {
                return false;
            }
        }
        return true;
    }

    private String where(long line) {
        return source + " line " + line;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
