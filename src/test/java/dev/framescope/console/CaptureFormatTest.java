package dev.framescope.console;

import static dev.framescope.console.StoreFixtures.rdc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RenderDoc's container as its loader reads it: the three committed captures (GL with a thumbnail, Vulkan without,
 * vkcube) pass, and each way a file can look like one without being one is named.
 */
class CaptureFormatTest {

    @TempDir
    Path temp;

    private String problem(byte[] bytes) throws Exception {
        return CaptureFormat.problem(Files.write(temp.resolve("x.rdc"), bytes));
    }

    @Test
    void acceptsRealCapturesAndTheFixturesLayout() throws Exception {
        for (String name : new String[] {"gl_defects.rdc", "vk_defects.rdc", "vk_lighting.rdc", "vkcube.rdc"}) {
            assertNull(CaptureFormat.problem(Path.of("demo/captures", name)), name);
        }
        assertNull(problem(rdc(StoreFixtures.MIN_RDC, 1)));
        assertNull(problem(rdc(5000, 1)));
    }

    @Test
    void acceptsATextSectionAppendedAsRenderDocAllows() throws Exception {
        byte[] real = Files.readAllBytes(Path.of("demo/captures/vk_defects.rdc"));
        byte[] notes = "A\n5\n4\n0\nrenderdoc/ui/notes\nhello".getBytes(StandardCharsets.US_ASCII);
        byte[] both = Arrays.copyOf(real, real.length + notes.length);
        System.arraycopy(notes, 0, both, real.length, notes.length);
        assertNull(problem(both));
        assertEquals("its section 1 (at byte " + real.length + ") runs past the end of the file (" + (both.length - 1)
                + " bytes): the capture is cut short", problem(Arrays.copyOf(both, both.length - 1)));
    }

    @Test
    void namesWhatMakesAFileThatStartsWithRdocNoCapture() throws Exception {
        byte[] real = Files.readAllBytes(Path.of("demo/captures/gl_defects.rdc"));
        assertEquals("it is only 4 bytes long, shorter than a capture's header",
                problem("RDOC".getBytes(StandardCharsets.US_ASCII)));
        byte[] text = Arrays.copyOf("RDOC and then some text that goes on".getBytes(StandardCharsets.US_ASCII), 200);
        assertEquals("it does not start with RenderDoc's signature \"RDOC\" followed by four zero bytes",
                problem(text));
        assertEquals("its format version 0x200 is not one of RenderDoc 1.x's (0x100 to 0x1ff)",
                problem(with(real, 8, 0x200)));
        assertEquals("its RenderDoc version field (bytes 16–31) is not text", problem(withByte(real, 16, 0)));
        assertEquals("its thumbnail claims 20000000 bytes, more than RenderDoc's 10 MiB",
                problem(with(real, 36, 20_000_000)));
        assertEquals("its header claims 99999 bytes, more than the whole file (" + real.length + ")",
                problem(with(real, 12, 99_999)));
        assertEquals("its header (1700 bytes by its own count) is too short for its thumbnail and capture metadata",
                problem(with(real, 12, 1700)));
        assertEquals("its header (1727 bytes by its own count) does not hold its driver name",
                problem(withByte(real, 1691 + 12, 200)));
        assertEquals("its section 1 (at byte 18363) runs past the end of the file (" + (real.length - 1) + " bytes): "
                + "the capture is cut short", problem(Arrays.copyOf(real, real.length - 1)));
        assertEquals("its section 0 (at byte 1727) runs past the end of the file (18000 bytes): the capture is cut "
                + "short", problem(Arrays.copyOf(real, 18_000)));
        assertEquals("its section 0 (at byte 1727) is neither a binary nor a text section",
                problem(withByte(real, 1727, 7)));
        assertEquals("it has no frame capture section", problem(with(real, 1727 + 4, 2)));
        byte[] sections = Arrays.copyOf(rdc(StoreFixtures.MIN_RDC, 1), StoreFixtures.MIN_RDC + 4096 * 41);
        for (int at = StoreFixtures.MIN_RDC; at < sections.length; at += 41) {
            ByteBuffer.wrap(sections).order(ByteOrder.LITTLE_ENDIAN).putInt(at + 4, 2).putInt(at + 36, 1);
        }
        assertEquals("it has more than 4096 sections", problem(sections));
        byte[] extra = Arrays.copyOf(real, real.length + 3);
        assertEquals("it ends inside the header of section 2 (at byte " + real.length + ")", problem(extra));
    }

    private static byte[] with(byte[] bytes, int at, int value) {
        byte[] copy = bytes.clone();
        ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN).putInt(at, value);
        return copy;
    }

    private static byte[] withByte(byte[] bytes, int at, int value) {
        byte[] copy = bytes.clone();
        copy[at] = (byte) value;
        return copy;
    }
}
