package richelieu.runner.play;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Where an output path really writes: symlinks are followed to their target,
 * so a temp file + rename replaces the target, never the link; a path that is not a regular
 * file (a FIFO, a device, a folder) is refused rather than replaced by a rename. Two spellings
 * of one file ({@code x}, {@code ./x}, {@code d/../x}, a link to it) give the same target.
 */
public final class OutputTarget {
    private OutputTarget() {
    }

    /**
     * The absolute, link-free path that writing {@code path} would create or replace. Throws
     * IOException naming the problem when it exists and is not a regular file.
     */
    public static Path of(Path path) throws IOException {
        Path target = resolve(path.toAbsolutePath());
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("not a regular file (a folder, device or FIFO); give the path of a file");
        }
        return target;
    }

    /** Links followed in a row before the chain counts as a loop (Linux's ELOOP limit). */
    private static final int MAX_LINKS = 40;

    /** Follows links on the deepest existing ancestor (and on the file itself, if it exists). */
    private static Path resolve(Path abs) throws IOException {
        return resolve(abs, 0);
    }

    private static Path resolve(Path abs, int links) throws IOException {
        if (Files.exists(abs)) {
            try {
                return abs.toRealPath();
            } catch (java.nio.file.NoSuchFileException e) {
                // there, but with no path of its own: /dev/stdout on a pipe leads to "pipe:[1234]"
                throw new IOException("not a regular file (a pipe, socket or terminal); give the path of a file");
            }
        }
        if (Files.isSymbolicLink(abs)) { // a link to a file not yet there: write where it points
            if (links >= MAX_LINKS) {
                throw new IOException("a loop of symbolic links (or more than " + MAX_LINKS + " in a row)");
            }
            Path to = Files.readSymbolicLink(abs);
            return resolve(abs.resolveSibling(to).toAbsolutePath(), links + 1);
        }
        Path parent = abs.getParent();
        return parent == null ? abs.normalize() : resolve(parent, links).resolve(abs.getFileName());
    }

    /**
     * Why writing failed, in words ("permission denied", "No space left on device"), not a temp
     * file's name or an exception class.
     */
    public static String why(Exception e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such folder";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException f) {
            return f.getFile() + " is not a folder";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason(); // "Read-only file system", "Not a directory", "No space left on device"
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
