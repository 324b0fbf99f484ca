package dev.framescope.common;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * How the dialog tools reach the person.
 *
 * @param channel        {@code auto} (MCP elicitation for the four form questions when the client offers it, the
 *                       dialog page otherwise), {@code elicitation} (never the page) or {@code page} (always the page);
 *                       {@code FRAMESCOPE_DIALOG_CHANNEL}
 * @param timeout        how long a question waits for the person when the call sets no {@code timeout_s}
 *                       ({@code FRAMESCOPE_DIALOG_TIMEOUT_S}, default 600 s)
 * @param port           loopback port of the dialog page; 0 picks a free one ({@code FRAMESCOPE_DIALOG_PORT}). Fix it
 *                       to forward the page over SSH
 * @param openBrowser    open the page in the default browser when a question waits and no page is connected
 *                       ({@code FRAMESCOPE_DIALOG_OPEN_BROWSER}, {@code 0} turns it off)
 * @param maxUploadBytes largest screenshot accepted from the page ({@code FRAMESCOPE_DIALOG_MAX_UPLOAD_BYTES}, 8 MiB);
 *                       all images of one answer together
 * @param perMinute      most questions asked in any 60 s (FrameScope serves one MCP client per process), past which a
 *                       question is refused with {@code RATE_LIMITED} ({@code FRAMESCOPE_DIALOG_RATE_LIMIT}, 100)
 */
public record DialogSettings(String channel, Duration timeout, int port, boolean openBrowser, int maxUploadBytes,
                             int perMinute) {

    public static final int DEFAULT_PER_MINUTE = 100;

    public DialogSettings(String channel, Duration timeout, int port, boolean openBrowser, int maxUploadBytes) {
        this(channel, timeout, port, openBrowser, maxUploadBytes, DEFAULT_PER_MINUTE);
    }

    public static final List<String> CHANNELS = List.of("auto", "elicitation", "page");

    public DialogSettings {
        if (!CHANNELS.contains(channel)) {
            throw new SettingException("FRAMESCOPE_DIALOG_CHANNEL must be one of " + CHANNELS + ", was '"
                    + channel + "'");
        }
        if (port < 0 || port > 65_535) {
            throw new SettingException("FRAMESCOPE_DIALOG_PORT must be 0 to 65535, was " + port);
        }
    }

    private static int port(String raw) {
        try {
            return Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new SettingException("FRAMESCOPE_DIALOG_PORT must be 0 to 65535, was '" + raw + "'");
        }
    }

    static DialogSettings fromEnvironment(Map<String, String> env) {
        return new DialogSettings(env.getOrDefault("FRAMESCOPE_DIALOG_CHANNEL", "auto").trim(),
                Duration.ofSeconds(Config.positiveInt(env, "FRAMESCOPE_DIALOG_TIMEOUT_S", 600)),
                port(env.getOrDefault("FRAMESCOPE_DIALOG_PORT", "0").trim()),
                !"0".equals(env.getOrDefault("FRAMESCOPE_DIALOG_OPEN_BROWSER", "1").trim()),
                Config.positiveInt(env, "FRAMESCOPE_DIALOG_MAX_UPLOAD_BYTES", 8 * 1024 * 1024),
                Config.positiveInt(env, "FRAMESCOPE_DIALOG_RATE_LIMIT", DEFAULT_PER_MINUTE));
    }
}
