package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.framescope.common.Config;
import dev.framescope.common.ToolCaller;
import dev.framescope.server.RegistryCaller;
import dev.framescope.server.ToolGroups;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evidence picture shows the whole culprit box, outlined, whatever its size: read from the real GL fixture
 * through get_texture in tiles of 32 KiB, enlarged while small and sampled when past 64 Ki texels. The outline's
 * white pixels are measured.
 */
@Timeout(120)
class EvidenceImageIT {

    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();
    /** The NaN quad's draw in the fixture (ground truth: region 16, 16, 48, 48 of hdr_color). */
    private static final int NAN_EVENT = 35;
    private static final int WHITE = 0xFFFFFF;

    @TempDir
    Path stateDir;

    private BufferedImage picture(int[] box) throws Exception {
        return picture(GL, NAN_EVENT, box);
    }

    private BufferedImage picture(String capture, int event, int[] box) throws Exception {
        ToolCaller caller = new RegistryCaller(ToolGroups.create(Config.defaults(stateDir)));
        byte[] png = EvidenceImage.around(caller, capture, "hdr_color", event, box);
        assertNotNull(png);
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    /** The bounding box of the white pixels, x0, y0, x1, y1 inclusive, after checking each side is solid. */
    private static int[] outline(BufferedImage image) {
        int[] b = {Integer.MAX_VALUE, Integer.MAX_VALUE, -1, -1};
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & WHITE) == WHITE) {
                    b = new int[] {Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)};
                }
            }
        }
        for (int x = b[0]; x <= b[2]; x++) {
            assertEquals(WHITE, image.getRGB(x, b[1]) & WHITE, "top side at x " + x);
            assertEquals(WHITE, image.getRGB(x, b[3]) & WHITE, "bottom side at x " + x);
        }
        for (int y = b[1]; y <= b[3]; y++) {
            assertEquals(WHITE, image.getRGB(b[0], y) & WHITE, "left side at y " + y);
            assertEquals(WHITE, image.getRGB(b[2], y) & WHITE, "right side at y " + y);
        }
        return b;
    }

    @Test
    void theFixturesNanBoxIsOutlinedWholeAtFourTimesItsSize() throws Exception {
        BufferedImage image = picture(new int[] {16, 16, 48, 48});
        assertEquals(44 * 4, image.getWidth());
        assertEquals(44 * 4, image.getHeight());
        assertEquals("[24, 24, 151, 151]", Arrays.toString(outline(image)));
        assertEquals(0xFF00FF, image.getRGB(100, 100) & WHITE, "NaN drawn magenta inside the box");
    }

    /** 51 x 102 texels with its margin is 112 KiB of RGBA32F, past one get_texture call: read in tiles. */
    @Test
    void aBoxPastOneCallsBudgetIsShownWhole() throws Exception {
        BufferedImage image = picture(new int[] {16, 16, 67, 118});
        assertEquals(63 * 4, image.getWidth(), "10..73: the box and 6 texels either side");
        assertEquals(114 * 4, image.getHeight());
        assertEquals("[24, 24, 227, 431]", Arrays.toString(outline(image)));
        assertEquals(0xFF00FF, image.getRGB((30 - 10) * 4, (30 - 10) * 4) & WHITE, "the NaN quad, magenta");
        assertEquals(0, image.getRGB((60 - 10) * 4, (30 - 10) * 4) & WHITE, "the clear colour: the Inf quad comes later");
    }

    /** gl_scene's NaN draw (event 36) writes the 51 x 102 box [103, 77, 154, 179]: all of it magenta, outlined. */
    @Test
    void theScenesNanBoxIsShownWholeAndAllNan() throws Exception {
        String scene = Path.of("demo/captures/gl_scene.rdc").toAbsolutePath().toString();
        BufferedImage image = picture(scene, 36, new int[] {103, 77, 154, 179});
        assertEquals(63 * 4, image.getWidth());
        assertEquals(114 * 4, image.getHeight());
        assertEquals("[24, 24, 227, 431]", Arrays.toString(outline(image)));
        for (int y = 26; y < 430; y++) {
            for (int x = 26; x < 226; x++) {
                assertEquals(0xFF00FF, image.getRGB(x, y) & WHITE, "NaN inside the box at " + x + ", " + y);
            }
        }
    }

    /** The whole 256 x 256 target is past 64 Ki texels with its margin: every second texel, 4x, outlined. */
    @Test
    void aBoxPastTheTexelBudgetIsSampledAndStillWhole() throws Exception {
        BufferedImage image = picture(new int[] {0, 0, 256, 256});
        assertEquals(512, image.getWidth());
        assertEquals(512, image.getHeight());
        int[] sides = {0, 0, 511, 511};
        for (int i = 0; i < 512; i++) {
            assertEquals(WHITE, image.getRGB(i, sides[1]) & WHITE, "top at " + i);
            assertEquals(WHITE, image.getRGB(i, sides[3]) & WHITE, "bottom at " + i);
            assertEquals(WHITE, image.getRGB(sides[0], i) & WHITE, "left at " + i);
            assertEquals(WHITE, image.getRGB(sides[2], i) & WHITE, "right at " + i);
        }
        assertEquals(0xFF00FF, image.getRGB(32 * 2, 32 * 2) & WHITE, "the NaN quad, magenta, at half scale x 4");
    }
}
