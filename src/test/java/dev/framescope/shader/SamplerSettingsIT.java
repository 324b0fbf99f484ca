package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Sampler settings on real WebGL2, pixel by pixel: each Shadertoy channel's filter (nearest, linear, mipmap), wrap
 * (clamp, repeat), vflip and srgb as its export or channel comment gives them, Shadertoy's defaults where it gives
 * none (buffers linear + clamp, textures mipmap + repeat), and ISF IMPORTED images sampled linearly. The effects are
 * demo/shaders/shadertoy-samplers and demo/shaders/isf-samplers; every value asserted here came out differently
 * when every buffer was sampled nearest, every image clamped and flipped, and IMPORTED images nearest.
 */
@Timeout(180)
class SamplerSettingsIT {

    private static final int SIZE = 64;
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();

    private static int[] render(String root, String id) {
        return BROWSER.webgl2Rgb(Path.of(root), id, SIZE, 0.0);
    }

    /** Channel c of pixel (x, y), y from the top. */
    private static int at(int[] rgb, int x, int y, int c) {
        return rgb[3 * (y * SIZE + x) + c];
    }

    private static void near(int expected, int actual, String why) {
        assertTrue(Math.abs(expected - actual) <= 1, why + ": expected " + expected + ", got " + actual);
    }

    @Test
    void bufferChannelsFilterAsTheirSamplersSayAndLinearByDefault() {
        int[] rgb = render("demo/shaders/shadertoy-samplers", "filters");
        for (int[] p : new int[][] {{3, 60}, {20, 40}, {40, 20}, {61, 5}}) {
            int x = p[0];
            int y = p[1];
            // Read on the border between a black and a white column of Buffer A.
            int nearest = at(rgb, x, y, 0);
            assertTrue(nearest <= 1 || nearest >= 254, "nearest: one column, not a mix, at " + x + "," + y + ": "
                    + nearest);
            near(128, at(rgb, x, y, 1), "linear sampler: the mean of both columns at " + x + "," + y);
            if (y > SIZE / 2) {
                near(128, at(rgb, x, y, 2), "no sampler in the export: Shadertoy's linear default at " + x + "," + y);
            } else {
                near(128, at(rgb, x, y, 2), "mipmap level 1 (2x2 mean) at " + x + "," + y);
            }
        }
    }

    @Test
    void textureChannelsWrapAndFlipAsTheirSamplersSayAndRepeatByDefault() {
        int[] rgb = render("demo/shaders/shadertoy-samplers", "wrap");
        int top = 10;
        int bottom = SIZE - 10;
        near(255, at(rgb, 30, top, 0), "clamp at u 1.25: quad.png's right column");
        near(0, at(rgb, 30, top, 1), "repeat at u 1.25: u 0.25, the left column");
        near(0, at(rgb, 30, top, 2), "vflip false: the image's bottom row at v 0.75");
        near(0, at(rgb, 30, bottom, 0), "no sampler: Shadertoy's repeat default at u 1.25");
        near(128, at(rgb, 30, bottom, 1), "no sampler: filtered (mipmap level 0, linear) between the columns");
        near(55, at(rgb, 30, bottom, 2), "srgb true: 128 decoded from sRGB");
    }

    @Test
    void aSingleFilesChannelOptionsAndDefaultsApply() {
        int[] rgb = render("demo/shaders/shadertoy-samplers", "single");
        // The 64-texel ramp holds round(255 (x + 0.5) / 64): u 0.25 lies between texels 15 (62) and 16 (66).
        near(64, at(rgb, 20, 20, 0), "default repeat + linear: u 1.25 reads u 0.25");
        near(253, at(rgb, 20, 20, 1), "wrap=clamp: u 1.25 reads the last texel");
    }

    @Test
    void isfImportedImagesAreSampledLinearly() {
        int[] rgb = render("demo/shaders/isf-samplers", "Imported Between Texels");
        for (int c = 0; c < 3; c++) {
            near(128, at(rgb, 10, 30, c), "between the black and the white texel");
            near(255, at(rgb, 50, 30, c), "the white texel's centre");
        }
    }
}
