package dev.framescope.dialogs;

import java.io.File;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the dialog page in the person's default browser where one can be opened: a desktop session on Linux
 * ({@code DISPLAY} or {@code WAYLAND_DISPLAY} set and {@code xdg-open} present), macOS, or Windows. Over SSH there
 * is none; the URL on stderr and in the progress message is the way in then.
 */
final class BrowserOpener {

    private static final Logger log = LoggerFactory.getLogger(BrowserOpener.class);

    private BrowserOpener() {
    }

    /** The command that would open {@code url} here, or null when this machine has no desktop to open it on. */
    static List<String> command(String url, String osName, Map<String, String> env) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return List.of("open", url);
        }
        if (os.contains("win")) {
            return List.of("rundll32", "url.dll,FileProtocolHandler", url);
        }
        boolean desktop = !env.getOrDefault("DISPLAY", "").isEmpty() || !env.getOrDefault("WAYLAND_DISPLAY", "")
                .isEmpty();
        return desktop && onPath("xdg-open", env.getOrDefault("PATH", "")) ? List.of("xdg-open", url) : null;
    }

    private static boolean onPath(String program, String path) {
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && new File(dir, program).canExecute()) {
                return true;
            }
        }
        return false;
    }

    /** Tries to open the page; true if a browser launcher was started. Never throws. */
    static boolean open(String url) {
        List<String> command = command(url, System.getProperty("os.name", ""), System.getenv());
        if (command == null) {
            log.info("No desktop browser to open here; open the dialog page yourself: {}", url);
            return false;
        }
        try {
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return true;
        } catch (Exception e) {
            log.info("Could not open a browser ({}); open the dialog page yourself: {}", e.getMessage(), url);
            return false;
        }
    }
}
