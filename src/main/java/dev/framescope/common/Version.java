package dev.framescope.common;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** FrameScope's own version, written into {@code version.properties} by the Maven build. */
public final class Version {

    private static final String VERSION = load();

    private Version() {
    }

    public static String current() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("/dev/framescope/version.properties")) {
            if (in == null) {
                return "dev";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "dev");
        } catch (IOException e) {
            return "dev";
        }
    }
}
