package dev.framescope.console;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the names and Unix file types of a zip's entries from its central directory (PKWARE APPNOTE 4.3.12).
 * {@link java.util.zip.ZipFile} does not expose the "external attributes" field where {@code zip -y} marks a
 * symbolic link, and an import must refuse links rather than turn them into files; everything else is read with
 * ZipFile.
 */
final class ZipCentralDirectory {

    private static final int END_SIGNATURE = 0x06054b50;
    private static final int ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
    private static final int ZIP64_END_SIGNATURE = 0x06064b50;
    private static final int ENTRY_SIGNATURE = 0x02014b50;
    private static final int END_SIZE = 22;
    private static final int MAX_COMMENT = 0xFFFF;
    private static final int HOST_UNIX = 3;
    private static final int TYPE_MASK = 0170000;
    private static final int TYPE_SYMLINK = 0120000;
    /** Far more than an export's few hundred entries; bounds what a hostile archive makes us read. */
    private static final long MAX_DIRECTORY_BYTES = 16L << 20;

    /** One entry: its name as stored and whether it is a symbolic link. */
    record Entry(String name, boolean symlink) {
    }

    private ZipCentralDirectory() {
    }

    /** @throws IOException when the file is not a readable zip (no end record, a cut directory) */
    static List<Entry> read(Path zip) throws IOException {
        try (FileChannel channel = FileChannel.open(zip, StandardOpenOption.READ)) {
            long size = channel.size();
            int tailLength = (int) Math.min(size, END_SIZE + MAX_COMMENT);
            ByteBuffer tail = readAt(channel, size - tailLength, tailLength);
            int end = -1;
            for (int at = tailLength - END_SIZE; at >= 0; at--) {
                if (tail.getInt(at) == END_SIGNATURE) {
                    end = at;
                    break;
                }
            }
            if (end < 0) {
                throw new IOException("no end of central directory record");
            }
            long count = Short.toUnsignedInt(tail.getShort(end + 10));
            long directorySize = Integer.toUnsignedLong(tail.getInt(end + 12));
            long directoryOffset = Integer.toUnsignedLong(tail.getInt(end + 16));
            if (count == 0xFFFF || directorySize == 0xFFFFFFFFL || directoryOffset == 0xFFFFFFFFL) {
                long endOffset = size - tailLength + end;
                ByteBuffer locator = readAt(channel, endOffset - 20, 20);
                if (locator.getInt(0) != ZIP64_LOCATOR_SIGNATURE) {
                    throw new IOException("zip64 end record without its locator");
                }
                ByteBuffer zip64 = readAt(channel, locator.getLong(8), 56);
                if (zip64.getInt(0) != ZIP64_END_SIGNATURE) {
                    throw new IOException("zip64 locator points at no zip64 end record");
                }
                count = zip64.getLong(32);
                directorySize = zip64.getLong(40);
                directoryOffset = zip64.getLong(48);
            }
            if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size || count < 0) {
                throw new IOException("central directory of " + directorySize + " bytes at " + directoryOffset
                        + " does not fit");
            }
            return entries(readAt(channel, directoryOffset, (int) directorySize), count);
        }
    }

    private static List<Entry> entries(ByteBuffer directory, long count) throws IOException {
        List<Entry> entries = new ArrayList<>();
        int at = 0;
        for (long i = 0; i < count; i++) {
            if (at + 46 > directory.limit() || directory.getInt(at) != ENTRY_SIGNATURE) {
                throw new IOException("central directory entry " + i + " is cut or malformed");
            }
            int host = Short.toUnsignedInt(directory.getShort(at + 4)) >> 8;
            int nameLength = Short.toUnsignedInt(directory.getShort(at + 28));
            int extraLength = Short.toUnsignedInt(directory.getShort(at + 30));
            int commentLength = Short.toUnsignedInt(directory.getShort(at + 32));
            int mode = directory.getInt(at + 38) >>> 16;
            if (at + 46 + nameLength > directory.limit()) {
                throw new IOException("central directory entry " + i + " has a cut name");
            }
            byte[] name = new byte[nameLength];
            directory.get(at + 46, name);
            entries.add(new Entry(new String(name, StandardCharsets.UTF_8),
                    host == HOST_UNIX && (mode & TYPE_MASK) == TYPE_SYMLINK));
            at += 46 + nameLength + extraLength + commentLength;
        }
        return entries;
    }

    private static ByteBuffer readAt(FileChannel channel, long position, int length) throws IOException {
        if (position < 0) {
            throw new IOException("offset " + position + " is before the start of the file");
        }
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                throw new IOException("the file ends before offset " + (position + length));
            }
        }
        return buffer;
    }
}
