package dev.framescope.diagnostics;

/**
 * Result of one environment check.
 *
 * @param name      what was checked, e.g. {@code chromium}
 * @param required  whether FrameScope's tool groups cannot work without it ({@code doctor} exits non-zero)
 * @param ok        whether it was found and answered
 * @param version   version it reported, when found
 * @param location  the executable or interpreter that was run
 * @param neededBy  which tool group uses it
 * @param detail    what went wrong, when not ok
 * @param fix       the exact command or setting that fixes it, when not ok
 */
public record EnvironmentCheck(String name, boolean required, boolean ok, String version, String location,
                               String neededBy, String detail, String fix) {
}
