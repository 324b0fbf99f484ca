package dev.framescope.console;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * RenderDoc's capture container, checked the way RenderDoc's own loader reads it ({@code renderdoc/serialise/
 * rdcfile.cpp}, format 0x100–0x102 in RenderDoc 1.x), so that what the console stores as a capture is one and not
 * just a file that starts with "RDOC". All integers are little-endian:
 *
 * <pre>
 * header   u64 magic "RDOC\0\0\0\0", u32 version, u32 headerLength, char[16] RenderDoc version ("1.24 …", NUL-padded)
 *          u16 thumbWidth, u16 thumbHeight, u32 thumbLength (≤ 10 MiB), thumbLength bytes of JPEG
 *          u64 machineIdent, u32 driverId, u8 driverNameLength (≥ 1), the driver name with its NUL
 *          (later fields, e.g. 1.24's time base, up to headerLength)
 * sections from headerLength to the end of the file, packed, each one of
 *          binary: u8 0, u8[3] 0, u32 type, u64 diskLength, u64 uncompressedLength, u64 version, u32 flags,
 *                  u32 nameLength (1–2048), the name, diskLength bytes of data
 *          ASCII:  'A' '\n' length '\n' type '\n' version '\n' name '\n', length bytes of data
 *          one of them the frame capture (type 1)
 * </pre>
 *
 * The data inside a section (compressed chunks) is left to RenderDoc: replaying it is the only full check.
 */
final class CaptureFormat {

    static final int HEADER_BYTES = 32;
    private static final int THUMBNAIL_HEADER_BYTES = 8;
    private static final int METADATA_BYTES = 13;
    private static final int BINARY_SECTION_BYTES = 40;
    private static final int MIN_VERSION = 0x100;
    private static final int MAX_VERSION = 0x1FF;
    private static final long MAX_THUMBNAIL_BYTES = 10L * 1024 * 1024;
    private static final int MAX_SECTION_NAME = 2048;
    private static final int FRAME_CAPTURE = 1;
    /** RenderDoc writes a handful; the bound keeps a 2 GiB body of tiny sections from costing millions of reads. */
    private static final int MAX_SECTIONS = 4096;

    private CaptureFormat() {
    }

    /** Why {@code file} is not a RenderDoc capture, in words for the sender; null when it is one. */
    static String problem(Path file) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            return problem(in, in.size());
        }
    }

    private static String problem(FileChannel in, long size) throws IOException {
        if (size < HEADER_BYTES + THUMBNAIL_HEADER_BYTES) {
            return "it is only " + size + " bytes long, shorter than a capture's header";
        }
        ByteBuffer header = read(in, 0, HEADER_BYTES + THUMBNAIL_HEADER_BYTES);
        if (header.getLong(0) != magic()) {
            return "it does not start with RenderDoc's signature \"RDOC\" followed by four zero bytes";
        }
        long version = Integer.toUnsignedLong(header.getInt(8));
        if (version < MIN_VERSION || version > MAX_VERSION) {
            return "its format version 0x" + Long.toHexString(version) + " is not one of RenderDoc 1.x's (0x100 to "
                    + "0x1ff)";
        }
        long headerLength = Integer.toUnsignedLong(header.getInt(12));
        if (headerLength > size) {
            return "its header claims " + headerLength + " bytes, more than the whole file (" + size + ")";
        }
        if (!isVersionText(header, 16)) {
            return "its RenderDoc version field (bytes 16–31) is not text";
        }
        long thumbnail = Integer.toUnsignedLong(header.getInt(36));
        if (thumbnail > MAX_THUMBNAIL_BYTES) {
            return "its thumbnail claims " + thumbnail + " bytes, more than RenderDoc's 10 MiB";
        }
        long metadataAt = HEADER_BYTES + THUMBNAIL_HEADER_BYTES + thumbnail;
        if (metadataAt + METADATA_BYTES > headerLength) {
            return "its header (" + headerLength + " bytes by its own count) is too short for its thumbnail and "
                    + "capture metadata";
        }
        ByteBuffer metadata = read(in, metadataAt, METADATA_BYTES);
        int nameLength = Byte.toUnsignedInt(metadata.get(12));
        long sectionsAt = metadataAt + METADATA_BYTES + nameLength;
        if (nameLength == 0 || sectionsAt > headerLength) {
            return "its header (" + headerLength + " bytes by its own count) does not hold its driver name";
        }
        return sectionsProblem(in, headerLength, size);
    }

    /** Walks the sections from {@code at} to the end of the file; each must fit, one must be the frame capture. */
    private static String sectionsProblem(FileChannel in, long at, long size) throws IOException {
        boolean frameCapture = false;
        int index = 0;
        while (at < size) {
            if (index == MAX_SECTIONS) {
                return "it has more than " + MAX_SECTIONS + " sections";
            }
            ByteBuffer kind = read(in, at, 1);
            long dataEnd;
            int type;
            if (kind.get(0) == 'A') {
                AsciiSection ascii = AsciiSection.parse(in, at, size);
                if (ascii == null) {
                    return "its section " + index + " (at byte " + at + ") is a malformed text section";
                }
                type = ascii.type();
                dataEnd = ascii.dataEnd();
            } else if (kind.get(0) == 0) {
                if (at + BINARY_SECTION_BYTES > size) {
                    return "it ends inside the header of section " + index + " (at byte " + at + ")";
                }
                ByteBuffer section = read(in, at, BINARY_SECTION_BYTES);
                long nameLength = Integer.toUnsignedLong(section.getInt(36));
                if (section.get(1) != 0 || section.get(2) != 0 || section.get(3) != 0 || nameLength == 0
                        || nameLength > MAX_SECTION_NAME) {
                    return "its section " + index + " (at byte " + at + ") has a malformed header";
                }
                type = section.getInt(4);
                long diskLength = section.getLong(8);
                long dataAt = at + BINARY_SECTION_BYTES + nameLength;
                dataEnd = diskLength < 0 || diskLength > size ? Long.MAX_VALUE : dataAt + diskLength;
            } else {
                return "its section " + index + " (at byte " + at + ") is neither a binary nor a text section";
            }
            if (dataEnd > size) {
                return "its section " + index + " (at byte " + at + ") runs past the end of the file (" + size
                        + " bytes): the capture is cut short";
            }
            frameCapture |= type == FRAME_CAPTURE;
            at = dataEnd;
            index++;
        }
        return frameCapture ? null : "it has no frame capture section";
    }

    /** An ASCII section's type and where its data ends, or null when its header lines are not what RenderDoc writes. */
    private record AsciiSection(int type, long dataEnd) {

        private static final int MAX_HEADER = 4 + 3 * 20 + MAX_SECTION_NAME;

        static AsciiSection parse(FileChannel in, long at, long size) throws IOException {
            ByteBuffer text = read(in, at, (int) Math.min(MAX_HEADER, size - at));
            String[] lines = StandardCharsets.ISO_8859_1.decode(text).toString().split("\n", 6);
            if (lines.length < 6 || !lines[0].equals("A") || !lines[1].matches("\\d{1,19}")
                    || !lines[2].matches("\\d{1,9}") || !lines[3].matches("\\d{1,19}")) {
                return null;
            }
            long headerBytes = 6 + lines[1].length() + lines[2].length() + lines[3].length()
                    + lines[4].getBytes(StandardCharsets.ISO_8859_1).length;
            long length = Long.parseLong(lines[1]);
            return new AsciiSection(Integer.parseInt(lines[2]), length > size ? Long.MAX_VALUE
                    : at + headerBytes + length);
        }
    }

    private static boolean isVersionText(ByteBuffer header, int at) {
        boolean ended = false;
        for (int i = at; i < at + 16; i++) {
            byte b = header.get(i);
            if (b == 0) {
                ended = true;
            } else if (ended || b < 0x20 || b > 0x7e) {
                return false;
            }
        }
        return header.get(at) != 0;
    }

    private static long magic() {
        return ByteBuffer.wrap("RDOC\0\0\0\0".getBytes(StandardCharsets.US_ASCII)).order(ByteOrder.LITTLE_ENDIAN)
                .getLong();
    }

    private static ByteBuffer read(FileChannel in, long at, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (in.read(buffer, at + buffer.position()) < 0) {
                break;
            }
        }
        buffer.flip();
        return buffer;
    }
}
